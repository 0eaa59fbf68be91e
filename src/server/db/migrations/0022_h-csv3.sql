CREATE TABLE "csv_import_products" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"store_id" text NOT NULL,
	"product" jsonb NOT NULL,
	"data" jsonb,
	CONSTRAINT "csv_import_products_import_id_seq_store_id_pk" PRIMARY KEY("import_id","seq","store_id")
);
--> statement-breakpoint
ALTER TABLE "csv_import_products" ADD CONSTRAINT "csv_import_products_store_id_import_id_csv_imports_store_id_id_fk" FOREIGN KEY ("store_id","import_id") REFERENCES "public"."csv_imports"("store_id","id") ON DELETE cascade ON UPDATE no action;