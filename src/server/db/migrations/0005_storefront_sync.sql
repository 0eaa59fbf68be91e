CREATE TABLE "storefront_listings" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"platform" text DEFAULT 'local' NOT NULL,
	"shop" text,
	"platform_product_id" text,
	"state" text DEFAULT 'unpublished' NOT NULL,
	"synced_updated_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storefront_listings" ADD CONSTRAINT "storefront_listings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "storefront_listings_store_idx" ON "storefront_listings" USING btree ("store_id","platform","state");