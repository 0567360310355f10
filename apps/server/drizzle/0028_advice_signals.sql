CREATE TABLE "advice_signals" (
	"link_id" uuid PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"professional_id" text NOT NULL,
	"scopes" text[] NOT NULL,
	"findings" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advice_signals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "advice_signals" ADD CONSTRAINT "advice_signals_link_id_care_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."care_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advice_signals" ADD CONSTRAINT "advice_signals_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advice_signals" ADD CONSTRAINT "advice_signals_professional_id_user_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advice_signals_patient_idx" ON "advice_signals" USING btree ("patient_id");--> statement-breakpoint
CREATE POLICY "advice_signals_professional_read" ON "advice_signals" AS PERMISSIVE FOR SELECT TO "app_user" USING (professional_id = nullif(current_setting('app.user_id', true), '') and exists (select 1 from care_links l where l.id = link_id and l.status = 'active' and l.scopes = advice_signals.scopes));--> statement-breakpoint
-- Hand-written below (reviewed with the generated part above). The signals are written by the
-- advice job alone, on the owner connection: the request role reads its own links' rows (the
-- policy above) and writes nothing, so no request can make a professional's list say otherwise.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "advice_signals" FROM app_user;
