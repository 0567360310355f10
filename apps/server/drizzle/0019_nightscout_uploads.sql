CREATE TABLE "nightscout_device_status" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"uploader_id" uuid,
	"device" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"doc" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nightscout_device_status" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "nightscout_upload_hours" (
	"uploader_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"patient_id" text NOT NULL,
	"readings" integer NOT NULL,
	CONSTRAINT "nightscout_upload_hours_pkey" PRIMARY KEY("uploader_id","hour")
);
--> statement-breakpoint
ALTER TABLE "nightscout_upload_hours" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "nightscout_uploaders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"name" text NOT NULL,
	"sha1_key" text NOT NULL,
	"sha512_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_upload_at" timestamp with time zone,
	"status_device" text,
	"status_battery" smallint,
	"status_at" timestamp with time zone,
	CONSTRAINT "nightscout_uploaders_battery" CHECK ("nightscout_uploaders"."status_battery" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "nightscout_uploaders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "nightscout_device_status" ADD CONSTRAINT "nightscout_device_status_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nightscout_device_status" ADD CONSTRAINT "nightscout_device_status_uploader_id_nightscout_uploaders_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."nightscout_uploaders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nightscout_upload_hours" ADD CONSTRAINT "nightscout_upload_hours_uploader_id_nightscout_uploaders_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."nightscout_uploaders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nightscout_upload_hours" ADD CONSTRAINT "nightscout_upload_hours_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nightscout_uploaders" ADD CONSTRAINT "nightscout_uploaders_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nightscout_device_status_dedup_key" ON "nightscout_device_status" USING btree ("patient_id","created_at","device");--> statement-breakpoint
CREATE UNIQUE INDEX "nightscout_uploaders_sha1_key" ON "nightscout_uploaders" USING btree ("sha1_key");--> statement-breakpoint
CREATE UNIQUE INDEX "nightscout_uploaders_sha512_key" ON "nightscout_uploaders" USING btree ("sha512_key");--> statement-breakpoint
CREATE INDEX "nightscout_uploaders_patient_idx" ON "nightscout_uploaders" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE POLICY "nightscout_device_status_patient_own" ON "nightscout_device_status" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "nightscout_upload_hours_patient_own" ON "nightscout_upload_hours" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "nightscout_uploaders_patient_own" ON "nightscout_uploaders" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));