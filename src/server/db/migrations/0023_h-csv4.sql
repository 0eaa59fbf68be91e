ALTER TABLE "csv_import_products" ADD COLUMN "planned" jsonb;--> statement-breakpoint
ALTER TABLE "csv_import_products" DROP COLUMN "data";