CREATE TABLE "sheet_links" (
	"store_id" text NOT NULL,
	"scope" text NOT NULL,
	"vendor_id" uuid,
	"url" text NOT NULL,
	"spreadsheet_id" text NOT NULL,
	"run_id" uuid,
	"status" text,
	"phase" text,
	"cursor" text,
	"next_row" integer DEFAULT 1 NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"rows_written" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sheet_links_scope_store_id_pk" PRIMARY KEY("scope","store_id")
);
--> statement-breakpoint
ALTER TABLE "sheet_links" ADD CONSTRAINT "sheet_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sheet_links" ADD CONSTRAINT "sheet_links_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;