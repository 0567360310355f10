ALTER TABLE "glucose_daily_aggregates" DROP COLUMN "times_ms";--> statement-breakpoint
ALTER TABLE "glucose_daily_aggregates" DROP COLUMN "values_mgdl";--> statement-breakpoint
ALTER TABLE "glucose_daily_aggregates" DROP COLUMN "device_flags";