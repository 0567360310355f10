CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"patient_id" text NOT NULL,
	"professional_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_sender_is_party" CHECK ("messages"."sender_id" in ("messages"."patient_id", "messages"."professional_id")),
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "messages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_link_id_care_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."care_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_professional_id_user_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_link_created_idx" ON "messages" USING btree ("link_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_link_unread_idx" ON "messages" USING btree ("link_id","sender_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "care_links_patient_idx" ON "care_links" USING btree ("patient_id");--> statement-breakpoint
-- Hand-written below (reviewed with the generated part above): who may see and write the rows
-- of `messages` (PRODUCT.md §4–5), as the second lock behind the messages service.
--
-- `me` below is nullif(current_setting('app.user_id', true), ''): no user, no rows. The acting
-- role picks the side: a patient account takes part in its links as the patient, a doctor
-- account as the professional, an administrator in none (administrators never read messages).
--
-- The conversations (care links) the acting user may see, with their two people and whether a
-- message may still be written in them: every link of a patient (a revoked link's history stays
-- theirs, read-only), only the active links of a professional (a revoked link takes the whole
-- conversation away from them). SECURITY DEFINER like the care-team functions (0009, 0010): it
-- reads care_links with the owner's rights, is STABLE with a fixed search_path, and returns a set
-- so that a policy evaluates it once per query, not once per row.
CREATE OR REPLACE FUNCTION message_links() RETURNS TABLE (link_id uuid, patient_id text, professional_id text, open boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public ROWS 20 AS $$
  SELECT l.id, l.patient_id, l.professional_id, l.status = 'active' FROM care_links l
  WHERE current_setting('app.role', true) = 'patient'
    AND l.patient_id = nullif(current_setting('app.user_id', true), '')
  UNION ALL
  SELECT l.id, l.patient_id, l.professional_id, true FROM care_links l
  WHERE current_setting('app.role', true) = 'doctor'
    AND l.professional_id = nullif(current_setting('app.user_id', true), '')
    AND l.status = 'active'
$$;
--> statement-breakpoint
-- The other person of each of those conversations, by name. The profiles and doctors policies
-- show a name only across an active link; a patient's read-only conversation must still say with
-- whom it was held. Nothing but the name of someone the acting user talked with comes back.
CREATE OR REPLACE FUNCTION message_counterparts() RETURNS TABLE (link_id uuid, user_id text, first_name text, last_name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public ROWS 20 AS $$
  SELECT l.link_id, o.id, coalesce(d.first_name, p.first_name, ''), coalesce(d.last_name, p.last_name)
  FROM message_links() l
  CROSS JOIN LATERAL (
    SELECT CASE WHEN l.patient_id = nullif(current_setting('app.user_id', true), '') THEN l.professional_id ELSE l.patient_id END AS id
  ) o
  LEFT JOIN doctors d ON d.user_id = o.id
  LEFT JOIN profiles p ON p.id = o.id
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION message_links(), message_counterparts() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION message_links(), message_counterparts() TO app_user;
--> statement-breakpoint
-- Reading: the two people of a conversation they may see.
CREATE POLICY "messages_parties_read" ON "messages" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (link_id IN (SELECT l.link_id FROM message_links() l));
--> statement-breakpoint
-- Writing: in one's own name, in an open conversation, with the link's true two people.
CREATE POLICY "messages_sender_insert" ON "messages" AS PERMISSIVE FOR INSERT TO "app_user"
  WITH CHECK (sender_id = nullif(current_setting('app.user_id', true), '')
    AND (link_id, patient_id, professional_id) IN (SELECT l.link_id, l.patient_id, l.professional_id FROM message_links() l WHERE l.open));
--> statement-breakpoint
-- Receipts: only the recipient (the person who did not send it) moves them.
CREATE POLICY "messages_recipient_receipts" ON "messages" AS PERMISSIVE FOR UPDATE TO "app_user"
  USING (sender_id <> nullif(current_setting('app.user_id', true), '') AND link_id IN (SELECT l.link_id FROM message_links() l))
  WITH CHECK (sender_id <> nullif(current_setting('app.user_id', true), '') AND link_id IN (SELECT l.link_id FROM message_links() l));
--> statement-breakpoint
-- A sent message is never edited nor deleted by a request: only its receipts change. Erasure
-- runs as the owner (ON DELETE CASCADE from the user and the care link).
REVOKE UPDATE, DELETE ON "messages" FROM app_user;
--> statement-breakpoint
GRANT UPDATE ("delivered_at", "read_at") ON "messages" TO app_user;
