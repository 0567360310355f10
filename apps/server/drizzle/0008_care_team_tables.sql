CREATE TABLE "access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"category" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_agent_family" text,
	"ip_prefix" text,
	CONSTRAINT "access_log_actor_kind" CHECK ("access_log"."actor_kind" in ('professional', 'share_link'))
);
--> statement-breakpoint
ALTER TABLE "access_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "care_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"patient_id" text,
	"professional_id" text,
	"invited_email" text,
	"direction" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"scopes" text[],
	"inviter_id" text NOT NULL,
	"inviter_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "care_invitations_direction" CHECK ("care_invitations"."direction" in ('professional_to_patient', 'patient_to_professional')),
	CONSTRAINT "care_invitations_status" CHECK ("care_invitations"."status" in ('pending', 'accepted', 'declined', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "care_invitations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "care_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"professional_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "care_links_status" CHECK ("care_links"."status" in ('active', 'revoked')),
	CONSTRAINT "care_links_not_self" CHECK ("care_links"."patient_id" <> "care_links"."professional_id")
);
--> statement-breakpoint
ALTER TABLE "care_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "consultation_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"professional_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation_notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"label" text,
	"categories" text[] NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "share_links_period" CHECK ("share_links"."period_from" < "share_links"."period_to")
);
--> statement-breakpoint
ALTER TABLE "share_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "glucose_daily_aggregates" (
	"patient_id" text NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	"n_device" integer NOT NULL,
	"sum_mgdl" real NOT NULL,
	"sum_squares" real NOT NULL,
	"n_very_low" integer NOT NULL,
	"n_low" integer NOT NULL,
	"n_in_range" integer NOT NULL,
	"n_high" integer NOT NULL,
	"n_very_high" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "glucose_daily_aggregates_pkey" PRIMARY KEY("patient_id","day")
);
--> statement-breakpoint
ALTER TABLE "glucose_daily_aggregates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_invitations" ADD CONSTRAINT "care_invitations_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_invitations" ADD CONSTRAINT "care_invitations_professional_id_user_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_invitations" ADD CONSTRAINT "care_invitations_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_links" ADD CONSTRAINT "care_links_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_links" ADD CONSTRAINT "care_links_professional_id_user_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_notes" ADD CONSTRAINT "consultation_notes_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_notes" ADD CONSTRAINT "consultation_notes_professional_id_user_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glucose_daily_aggregates" ADD CONSTRAINT "glucose_daily_aggregates_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_patient_at_idx" ON "access_log" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "access_log_actor_idx" ON "access_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "access_log_at_idx" ON "access_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "care_invitations_token_hash_key" ON "care_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "care_invitations_professional_idx" ON "care_invitations" USING btree ("professional_id","created_at");--> statement-breakpoint
CREATE INDEX "care_invitations_patient_idx" ON "care_invitations" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "care_invitations_inviter_idx" ON "care_invitations" USING btree ("inviter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "care_links_active_pair_key" ON "care_links" USING btree ("patient_id","professional_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "care_links_professional_active_idx" ON "care_links" USING btree ("professional_id","patient_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "consultation_notes_patient_professional_idx" ON "consultation_notes" USING btree ("patient_id","professional_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_key" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_patient_idx" ON "share_links" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "glucose_daily_aggregates_day_idx" ON "glucose_daily_aggregates" USING btree ("day");