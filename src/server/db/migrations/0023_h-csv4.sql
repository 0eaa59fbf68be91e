ALTER TABLE "csv_import_products" ADD COLUMN "planned" jsonb;--> statement-breakpoint
ALTER TABLE "csv_import_products" ADD COLUMN "head" jsonb;--> statement-breakpoint
ALTER TABLE "csv_import_products" DROP COLUMN "data";--> statement-breakpoint
-- Staged products are transient: no WAL for them (a database crash empties the table and fails its imports).
ALTER TABLE "csv_import_products" SET UNLOGGED;