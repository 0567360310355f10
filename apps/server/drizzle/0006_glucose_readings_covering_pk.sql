-- Readings arrive interleaved from many uploaders, so a patient's rows are scattered across the
-- heap. Carrying the charted columns in the primary-key index lets "one patient, one period" be
-- an index-only range scan over contiguous index pages (the visibility map is kept by autovacuum
-- on this append-mostly table): the patient's readings are together on disk where they are read.
ALTER TABLE "glucose_readings" DROP CONSTRAINT "glucose_readings_pkey";
--> statement-breakpoint
ALTER TABLE "glucose_readings" ADD CONSTRAINT "glucose_readings_pkey" PRIMARY KEY ("patient_id", "measured_at", "id") INCLUDE ("value_mgdl", "source");
