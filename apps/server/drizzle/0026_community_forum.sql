CREATE TABLE "forum_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text
);
--> statement-breakpoint
ALTER TABLE "forum_posts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "forum_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"pseudonym" text NOT NULL,
	"banned_until" timestamp with time zone,
	"ban_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forum_profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "forum_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
ALTER TABLE "forum_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "forum_threads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"author_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text
);
--> statement-breakpoint
ALTER TABLE "forum_threads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_profiles" ADD CONSTRAINT "forum_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_posts_thread_idx" ON "forum_posts" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_posts_author_idx" ON "forum_posts" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_profiles_pseudonym_unique" ON "forum_profiles" USING btree (lower("pseudonym"));--> statement-breakpoint
CREATE INDEX "forum_reports_open_idx" ON "forum_reports" USING btree ("resolved_at","created_at");--> statement-breakpoint
CREATE INDEX "forum_threads_category_activity_idx" ON "forum_threads" USING btree ("category","last_activity_at");--> statement-breakpoint
CREATE POLICY "forum_posts_read" ON "forum_posts" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "forum_posts_write" ON "forum_posts" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK (author_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "forum_profiles_own" ON "forum_profiles" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (user_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "forum_reports_own" ON "forum_reports" AS PERMISSIVE FOR ALL TO "app_user" USING (reporter_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (reporter_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "forum_threads_read" ON "forum_threads" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "forum_threads_start" ON "forum_threads" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK (author_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "forum_threads_touch" ON "forum_threads" AS PERMISSIVE FOR UPDATE TO "app_user" USING (not locked) WITH CHECK (not locked);--> statement-breakpoint
-- Requests never delete forum rows (erasure runs as the owner, ON DELETE CASCADE from the user),
-- and update only what a member may change: their pseudonym, a thread's last activity when they
-- reply. Bans, hiding and locking are the moderators' and run on the owner connection.
REVOKE UPDATE, DELETE ON "forum_profiles", "forum_threads", "forum_posts", "forum_reports" FROM app_user;
--> statement-breakpoint
GRANT SELECT, INSERT ON "forum_profiles", "forum_threads", "forum_posts", "forum_reports" TO app_user;
--> statement-breakpoint
GRANT UPDATE ("pseudonym") ON "forum_profiles" TO app_user;
--> statement-breakpoint
GRANT UPDATE ("last_activity_at") ON "forum_threads" TO app_user;
