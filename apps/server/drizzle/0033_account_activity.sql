ALTER TABLE "user" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written below (reviewed with the generated part above). The two columns start from what
-- the database already knows. Last sign-in: the audit's last successful sign-in or sign-up through
-- the app (the seed's and admin:create's, recorded with those user agents, signed nobody in).
-- Last use: that, or the last renewal of a session still there (updated after it was created:
-- used then, at most a day before the real last use); a session never renewed says no more than
-- the sign-in that made it, and the seed's were never used. No grant changes: "user" keeps the
-- table-level grants of migration 0000; the columns are written on the owner connection only
-- (sign-in, sign-up, the request's actor lookup).
UPDATE "user" u SET "last_sign_in_at" = a.at
FROM (
  SELECT "user_id", max("created_at") AS at FROM "auth_audit"
  WHERE "user_id" IS NOT NULL AND ("event" = 'sign_in_success'
    OR ("event" = 'sign_up' AND coalesce("user_agent", '') NOT IN ('seed', 'admin:create')))
  GROUP BY "user_id"
) a
WHERE a."user_id" = u."id";--> statement-breakpoint
UPDATE "user" u SET "last_seen_at" = greatest(u."last_sign_in_at", s.at)
FROM (SELECT "user_id", max("updated_at") AS at FROM "session" WHERE "updated_at" > "created_at" GROUP BY "user_id") s
WHERE s."user_id" = u."id";--> statement-breakpoint
UPDATE "user" SET "last_seen_at" = "last_sign_in_at"
WHERE "last_seen_at" IS NULL AND "last_sign_in_at" IS NOT NULL;
