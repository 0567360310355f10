CREATE TABLE "pdf_report_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pdf_report_downloads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"patient_id" text PRIMARY KEY NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"billing_interval" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_plan" CHECK (plan in ('free', 'premium')),
	CONSTRAINT "subscriptions_status" CHECK (status in ('active', 'canceled', 'expired')),
	CONSTRAINT "subscriptions_billing_interval" CHECK (billing_interval is null or billing_interval in ('month', 'year')),
	CONSTRAINT "subscriptions_source" CHECK (source in ('admin_grant', 'payment')),
	CONSTRAINT "subscriptions_premium_period" CHECK (plan <> 'premium' or current_period_end is not null)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pdf_report_downloads" ADD CONSTRAINT "pdf_report_downloads_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pdf_report_downloads_patient_at_idx" ON "pdf_report_downloads" USING btree ("patient_id","at");--> statement-breakpoint
CREATE POLICY "pdf_report_downloads_patient_read" ON "pdf_report_downloads" AS PERMISSIVE FOR SELECT TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "subscriptions_patient_read" ON "subscriptions" AS PERMISSIVE FOR SELECT TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
-- Hand-written below (reviewed with the generated part above). A subscription and the PDF
-- download count are written by the subscription service alone, on the owner connection: the
-- request role reads the patient's own rows (the policies above) and writes nothing, so no
-- request can give itself premium or wipe its count.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "subscriptions" FROM app_user;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "pdf_report_downloads" FROM app_user;
