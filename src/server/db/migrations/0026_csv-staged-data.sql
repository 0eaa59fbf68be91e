-- The CSV import stages validated data instead of planned rows: an import under way across this
-- change keeps its staged products, which the job then validates and plans again (data is null).
-- json, not jsonb, for what is written in bulk and only read back whole (docs/decisions.md).
ALTER TABLE "product_logs" ALTER COLUMN "changes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "product_logs" ALTER COLUMN "changes" SET DATA TYPE json USING "changes"::json;--> statement-breakpoint
ALTER TABLE "product_logs" ALTER COLUMN "changes" SET DEFAULT '{}'::json;--> statement-breakpoint
ALTER TABLE "csv_import_products" ALTER COLUMN "product" SET DATA TYPE json USING "product"::json;--> statement-breakpoint
ALTER TABLE "csv_import_products" ADD COLUMN "data" json;--> statement-breakpoint
ALTER TABLE "csv_import_products" DROP COLUMN "planned";--> statement-breakpoint
ALTER TABLE "csv_import_products" DROP COLUMN "head";
