ALTER TABLE "csv_imports" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Imports already run: every failure they had is in the list unless it was longer than the list keeps.
UPDATE "csv_imports" SET "failed_count" = jsonb_array_length("failed");
