CREATE TABLE "product_revisions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"document" jsonb NOT NULL,
	"created_by" uuid,
	"decided_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "product_revisions_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_store_id_product_id_products_store_id_id_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_revisions_pending_uq" ON "product_revisions" USING btree ("product_id") WHERE "product_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "product_revisions_store_pending_idx" ON "product_revisions" USING btree ("store_id","created_at","id") WHERE "product_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "product_revisions_product_idx" ON "product_revisions" USING btree ("product_id","updated_at");