CREATE TABLE "measurement_client_keys" (
	"patient_id" text NOT NULL,
	"client_key" uuid NOT NULL,
	"measurement_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measurement_client_keys_pkey" PRIMARY KEY("patient_id","client_key")
);
--> statement-breakpoint
ALTER TABLE "measurement_client_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "measurement_client_keys" ADD CONSTRAINT "measurement_client_keys_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "measurement_client_keys_patient_own" ON "measurement_client_keys" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));