CREATE TABLE "catalog_syncs" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_syncs_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
CREATE TABLE "external_product_links" (
	"vendor_id" uuid NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"store_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"digest" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_product_links_vendor_id_source_external_id_store_id_pk" PRIMARY KEY("vendor_id","source","external_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "integration_keys" (
	"vendor_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"type" text DEFAULT 'prestashop' NOT NULL,
	"domain" text NOT NULL,
	"key_encrypted" text NOT NULL,
	"user_id" uuid NOT NULL,
	"additional_cost" integer DEFAULT 0 NOT NULL,
	"additional_factor" integer DEFAULT 10000 NOT NULL,
	"skip_price_update" boolean DEFAULT false NOT NULL,
	"skip_content_update" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_keys_vendor_id_store_id_pk" PRIMARY KEY("vendor_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_platform_shops" (
	"vendor_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"shop" text NOT NULL,
	"pending_state" text,
	"connected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_platform_shops_vendor_id_store_id_pk" PRIMARY KEY("vendor_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD CONSTRAINT "catalog_syncs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "catalog_syncs" ADD CONSTRAINT "catalog_syncs_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_product_links" ADD CONSTRAINT "external_product_links_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "external_product_links" ADD CONSTRAINT "external_product_links_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_product_links" ADD CONSTRAINT "external_product_links_store_id_product_id_products_store_id_id_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_store_id_user_id_users_store_id_id_fk" FOREIGN KEY ("store_id","user_id") REFERENCES "public"."users"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_platform_shops" ADD CONSTRAINT "vendor_platform_shops_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_platform_shops" ADD CONSTRAINT "vendor_platform_shops_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_syncs_vendor_created_idx" ON "catalog_syncs" USING btree ("store_id","vendor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_syncs_one_running_uq" ON "catalog_syncs" USING btree ("vendor_id","store_id") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "external_product_links_product_idx" ON "external_product_links" USING btree ("store_id","product_id");--> statement-breakpoint
CREATE INDEX "vendor_platform_shops_state_idx" ON "vendor_platform_shops" USING btree ("pending_state");