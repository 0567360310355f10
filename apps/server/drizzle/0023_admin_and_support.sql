CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" text,
	"target_email" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_actions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "support_ticket_replies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" text,
	"from_support" boolean NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "medical_specialties" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "medical_specialties" ADD COLUMN "name_es" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "lock_reason" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_target_user_id_user_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD CONSTRAINT "support_ticket_replies_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "support_ticket_replies_ticket_idx" ON "support_ticket_replies" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE POLICY "support_tickets_admin_update" ON "support_tickets" AS PERMISSIVE FOR UPDATE TO "app_user" USING (current_setting('app.role', true) = 'admin') WITH CHECK (current_setting('app.role', true) = 'admin');--> statement-breakpoint
CREATE POLICY "admin_actions_no_request_access" ON "admin_actions" AS RESTRICTIVE FOR ALL TO "app_user" USING (false) WITH CHECK (false);--> statement-breakpoint
CREATE POLICY "support_ticket_replies_requester_read" ON "support_ticket_replies" AS PERMISSIVE FOR SELECT TO "app_user" USING (exists (select 1 from support_tickets t where t.id = ticket_id and t.user_id = nullif(current_setting('app.user_id', true), '')));--> statement-breakpoint
CREATE POLICY "support_ticket_replies_requester_insert" ON "support_ticket_replies" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK (from_support = false and author_id = nullif(current_setting('app.user_id', true), '') and exists (select 1 from support_tickets t where t.id = ticket_id and t.user_id = nullif(current_setting('app.user_id', true), '')));--> statement-breakpoint
CREATE POLICY "support_ticket_replies_admin" ON "support_ticket_replies" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.role', true) = 'admin') WITH CHECK (current_setting('app.role', true) = 'admin');--> statement-breakpoint
-- The audit of administrators' actions is the admin service's alone (owner connection): no request role reads or writes it.
REVOKE ALL ON "admin_actions" FROM app_user;--> statement-breakpoint
-- A conversation is a record: a message, once sent, is never edited or removed (it goes with its ticket).
REVOKE UPDATE, DELETE ON "support_ticket_replies" FROM app_user;
