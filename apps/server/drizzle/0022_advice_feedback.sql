CREATE TABLE "advice_feedback" (
	"patient_id" text NOT NULL,
	"kind" text NOT NULL,
	"vote" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "advice_feedback_pkey" PRIMARY KEY("patient_id","kind"),
	CONSTRAINT "advice_feedback_kind" CHECK (kind in ('insufficient_data', 'night_hypo', 'time_below_range', 'post_meal_high', 'dawn_rise', 'high_variability', 'tir_change', 'hba1c_rising', 'blood_pressure_high', 'ldl_above_target')),
	CONSTRAINT "advice_feedback_vote" CHECK (vote in ('useful', 'not_useful'))
);
--> statement-breakpoint
ALTER TABLE "advice_feedback" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "advice_feedback" ADD CONSTRAINT "advice_feedback_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "advice_feedback_patient_own" ON "advice_feedback" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));