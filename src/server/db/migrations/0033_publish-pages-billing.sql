CREATE TABLE "vendor_page_publications" (
	"vendor_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"page" jsonb,
	"version" timestamp with time zone NOT NULL,
	"shop" text,
	"platform_collection_id" text,
	"synced_version" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "vendor_page_publications_vendor_id_store_id_pk" PRIMARY KEY("vendor_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "plan_charges" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"shop" text NOT NULL,
	"plan" text NOT NULL,
	"addons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"platform_subscription_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "plan_charges_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "store_plans" ADD COLUMN "platform_subscription_id" text;--> statement-breakpoint
ALTER TABLE "vendor_page_publications" ADD CONSTRAINT "vendor_page_publications_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_page_publications" ADD CONSTRAINT "vendor_page_publications_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_charges" ADD CONSTRAINT "plan_charges_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_charges_subscription_uq" ON "plan_charges" USING btree ("platform_subscription_id","store_id");--> statement-breakpoint
CREATE INDEX "plan_charges_store_idx" ON "plan_charges" USING btree ("store_id","created_at");