CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"origin" text NOT NULL,
	"dedup_key" text NOT NULL,
	"measurement_id" uuid,
	"glucose_mgdl" real,
	"systolic" smallint,
	"diastolic" smallint,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
ALTER TABLE "alerts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "glucose_readings" (
	"patient_id" text NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"value_mgdl" real NOT NULL,
	"context" text,
	"source" text NOT NULL,
	"device_id" text,
	"entry_unit" text DEFAULT 'mg/dL' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "glucose_readings_pkey" PRIMARY KEY("patient_id","measured_at","id"),
	CONSTRAINT "glucose_readings_value_range" CHECK ("glucose_readings"."value_mgdl" between 20 and 600),
	CONSTRAINT "glucose_readings_source" CHECK ("glucose_readings"."source" in ('manual', 'meter', 'cgm', 'import', 'nightscout'))
);
--> statement-breakpoint
ALTER TABLE "glucose_readings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "health_measurements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"kind" text NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"note" text,
	"entry_unit" text,
	"hba1c_percent" real,
	"hba1c_method" text,
	"total_cholesterol_mgdl" real,
	"hdl_mgdl" real,
	"ldl_mgdl" real,
	"triglycerides_mgdl" real,
	"systolic" smallint,
	"diastolic" smallint,
	"pulse" smallint,
	"arm" text,
	"position" text,
	"weight_kg" real,
	"event_type" text,
	"insulin_units" real,
	"insulin_type" text,
	"carbs_grams" real,
	"activity_minutes" smallint,
	"medication_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_measurements_kind_columns" CHECK (case "health_measurements"."kind"
        when 'hba1c' then "health_measurements"."hba1c_percent" is not null
        when 'lipids' then coalesce("health_measurements"."total_cholesterol_mgdl", "health_measurements"."hdl_mgdl", "health_measurements"."ldl_mgdl", "health_measurements"."triglycerides_mgdl") is not null
        when 'blood_pressure' then "health_measurements"."systolic" > "health_measurements"."diastolic"
        when 'weight' then "health_measurements"."weight_kg" is not null
        when 'event' then "health_measurements"."event_type" is not null
        else false end)
);
--> statement-breakpoint
ALTER TABLE "health_measurements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "patient_profiles" (
	"patient_id" text PRIMARY KEY NOT NULL,
	"birth_year" smallint,
	"diabetes_type" text,
	"diagnosis_year" smallint,
	"treatment" text,
	"height_cm" real,
	"glucose_device_kind" text,
	"glucose_device_model" text,
	"targets" jsonb NOT NULL,
	"targets_set_by_id" text,
	"targets_set_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glucose_readings" ADD CONSTRAINT "glucose_readings_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_measurements" ADD CONSTRAINT "health_measurements_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_profiles" ADD CONSTRAINT "patient_profiles_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_patient_dedup_key" ON "alerts" USING btree ("patient_id","dedup_key");--> statement-breakpoint
CREATE INDEX "alerts_patient_created_idx" ON "alerts" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_patient_status_idx" ON "alerts" USING btree ("patient_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "glucose_readings_id_key" ON "glucose_readings" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "glucose_readings_device_dedup_key" ON "glucose_readings" USING btree ("patient_id","source","device_id","measured_at");--> statement-breakpoint
CREATE INDEX "health_measurements_patient_time_idx" ON "health_measurements" USING btree ("patient_id","measured_at");--> statement-breakpoint
CREATE INDEX "health_measurements_patient_kind_time_idx" ON "health_measurements" USING btree ("patient_id","kind","measured_at");--> statement-breakpoint
CREATE POLICY "alerts_patient_own" ON "alerts" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "glucose_readings_patient_own" ON "glucose_readings" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "health_measurements_patient_own" ON "health_measurements" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "patient_profiles_patient_own" ON "patient_profiles" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));