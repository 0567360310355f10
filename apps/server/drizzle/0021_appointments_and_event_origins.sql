CREATE TABLE "appointment_availability" (
	"professional_id" text PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL,
	"rules" jsonb NOT NULL,
	"exceptions" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_availability" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "appointment_calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointment_calendar_feeds_role" CHECK ("appointment_calendar_feeds"."role" in ('patient', 'doctor'))
);
--> statement-breakpoint
ALTER TABLE "appointment_calendar_feeds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "appointment_ratings" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"professional_id" text NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointment_ratings_stars" CHECK ("appointment_ratings"."stars" between 1 and 5),
	CONSTRAINT "appointment_ratings_comment_length" CHECK ("appointment_ratings"."comment" is null or char_length("appointment_ratings"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "appointment_ratings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"patient_id" text NOT NULL,
	"professional_id" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"mode" text NOT NULL,
	"address" text,
	"video_room" text,
	"status" text NOT NULL,
	"awaiting" text,
	"request_message" text,
	"proposal_message" text,
	"cancelled_by" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointments_status" CHECK ("appointments"."status" in ('requested', 'confirmed', 'cancelled', 'done', 'no_show')),
	CONSTRAINT "appointments_mode" CHECK ("appointments"."mode" in ('in_person', 'video')),
	CONSTRAINT "appointments_awaiting" CHECK ("appointments"."awaiting" is null or "appointments"."awaiting" in ('patient', 'professional')),
	CONSTRAINT "appointments_cancelled_by" CHECK ("appointments"."cancelled_by" is null or "appointments"."cancelled_by" in ('patient', 'professional')),
	CONSTRAINT "appointments_range" CHECK (("appointments"."starts_at" is null) = ("appointments"."ends_at" is null) and ("appointments"."ends_at" is null or "appointments"."ends_at" > "appointments"."starts_at")),
	CONSTRAINT "appointments_time_when_settled" CHECK ("appointments"."starts_at" is not null or "appointments"."status" in ('requested', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "appointments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD COLUMN "external_type" text;--> statement-breakpoint
ALTER TABLE "appointment_availability" ADD CONSTRAINT "appointment_availability_professional_id_user_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_calendar_feeds" ADD CONSTRAINT "appointment_calendar_feeds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_ratings" ADD CONSTRAINT "appointment_ratings_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_ratings" ADD CONSTRAINT "appointment_ratings_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_ratings" ADD CONSTRAINT "appointment_ratings_professional_id_user_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_link_id_care_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."care_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_professional_id_user_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_calendar_feeds_token_key" ON "appointment_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "appointment_ratings_professional_idx" ON "appointment_ratings" USING btree ("professional_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_slot_held_key" ON "appointments" USING btree ("professional_id","starts_at") WHERE status in ('requested', 'confirmed');--> statement-breakpoint
CREATE INDEX "appointments_professional_starts_idx" ON "appointments" USING btree ("professional_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_patient_starts_idx" ON "appointments" USING btree ("patient_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "health_measurements_external_key" ON "health_measurements" USING btree ("patient_id","external_id","event_type");--> statement-breakpoint
CREATE POLICY "appointment_availability_owner" ON "appointment_availability" AS PERMISSIVE FOR ALL TO "app_user" USING (professional_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (professional_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "appointment_availability_linked_read" ON "appointment_availability" AS PERMISSIVE FOR SELECT TO "app_user" USING (current_setting('app.role', true) = 'patient' and care_linked_with(professional_id));--> statement-breakpoint
CREATE POLICY "appointment_calendar_feeds_own" ON "appointment_calendar_feeds" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (user_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "appointment_ratings_patient_own" ON "appointment_ratings" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "appointments_parties_read" ON "appointments" AS PERMISSIVE FOR SELECT TO "app_user" USING ((patient_id = nullif(current_setting('app.user_id', true), '') or professional_id = nullif(current_setting('app.user_id', true), '')));--> statement-breakpoint
CREATE POLICY "appointments_patient_request" ON "appointments" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), '') and current_setting('app.role', true) = 'patient' and status = 'requested' and care_linked_with(professional_id));--> statement-breakpoint
CREATE POLICY "appointments_parties_update" ON "appointments" AS PERMISSIVE FOR UPDATE TO "app_user" USING ((patient_id = nullif(current_setting('app.user_id', true), '') or professional_id = nullif(current_setting('app.user_id', true), ''))) WITH CHECK ((patient_id = nullif(current_setting('app.user_id', true), '') or professional_id = nullif(current_setting('app.user_id', true), '')));--> statement-breakpoint
-- Hand-written below (reviewed with the generated part above); the `health_measurements`
-- statements above belong to another change generated in the same run.
--
-- The busy times of a professional, to list free slots: start and end only, never who holds
-- them. The professional themself, or a patient with an active link to them (care_linked_with,
-- 0009); anyone else gets nothing. SECURITY DEFINER because a patient's policies (rightly) hide
-- other patients' appointments.
CREATE OR REPLACE FUNCTION appointment_busy(p_professional_id text, p_from timestamptz, p_to timestamptz)
RETURNS TABLE (starts_at timestamptz, ends_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT a.starts_at, a.ends_at FROM appointments a
  WHERE a.professional_id = p_professional_id
    AND a.status IN ('requested', 'confirmed')
    AND a.starts_at < p_to AND a.ends_at > p_from
    AND (p_professional_id = nullif(current_setting('app.user_id', true), '') OR care_linked_with(p_professional_id))
$$;
--> statement-breakpoint
-- The acting professional's ratings for appointments that started since p_since: stars, comment
-- and when it was last changed (to order comments), never the patient nor the appointment. The
-- service gives only the count below 5 ratings (SATISFACTION_MIN_RATINGS).
CREATE OR REPLACE FUNCTION appointment_ratings_received(p_since timestamptz)
RETURNS TABLE (stars smallint, comment text, updated_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT r.stars, r.comment, r.updated_at FROM appointment_ratings r
  JOIN appointments a ON a.id = r.appointment_id
  WHERE r.professional_id = nullif(current_setting('app.user_id', true), '')
    AND current_setting('app.role', true) = 'doctor'
    AND a.starts_at >= p_since
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION appointment_busy(text, timestamptz, timestamptz), appointment_ratings_received(timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION appointment_busy(text, timestamptz, timestamptz), appointment_ratings_received(timestamptz) TO app_user;
--> statement-breakpoint
-- An appointment is never deleted by a request: it is cancelled. Erasure runs as the owner.
REVOKE DELETE ON "appointments" FROM app_user;
--> statement-breakpoint
-- Its parties, link and request never change either: only its time, place and answer do.
REVOKE UPDATE ON "appointments" FROM app_user;
--> statement-breakpoint
GRANT UPDATE ("starts_at", "ends_at", "mode", "address", "video_room", "status", "awaiting", "proposal_message", "cancelled_by", "cancel_reason", "updated_at") ON "appointments" TO app_user;
