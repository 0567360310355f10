CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_user_id_idx" ON "support_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE POLICY "support_tickets_owner" ON "support_tickets" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (user_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "support_tickets_anonymous_insert" ON "support_tickets" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK (user_id is null and nullif(current_setting('app.user_id', true), '') is null);--> statement-breakpoint
CREATE POLICY "support_tickets_admin_read" ON "support_tickets" AS PERMISSIVE FOR SELECT TO "app_user" USING (current_setting('app.role', true) = 'admin');