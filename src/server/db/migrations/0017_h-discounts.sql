CREATE TABLE "discount_redemptions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"discount_id" uuid NOT NULL,
	"checkout_id" text NOT NULL,
	"email" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"vendor_id" uuid,
	"funded_by" text NOT NULL,
	"method" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"value_type" text NOT NULL,
	"fixed_amount" bigint DEFAULT 0 NOT NULL,
	"percentage" integer DEFAULT 0 NOT NULL,
	"active_from" text NOT NULL,
	"with_end_date" boolean DEFAULT false NOT NULL,
	"active_until" text,
	"one_per_customer" boolean DEFAULT false NOT NULL,
	"with_usage" boolean DEFAULT false NOT NULL,
	"usage_limit" integer DEFAULT 1 NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"min_purchase_type" text DEFAULT 'none' NOT NULL,
	"min_purchase_value" bigint DEFAULT 0 NOT NULL,
	"sync_state" text DEFAULT 'pending' NOT NULL,
	"sync_error" text,
	"platform_shop" text,
	"platform_discount_id" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_store_id_discount_id_discounts_store_id_id_fk" FOREIGN KEY ("store_id","discount_id") REFERENCES "public"."discounts"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_redemptions_email_idx" ON "discount_redemptions" USING btree ("store_id","discount_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_uq" ON "discounts" USING btree (lower("code"),"store_id") WHERE "discounts"."method" = 'code' and "discounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "discounts_store_created_idx" ON "discounts" USING btree ("store_id","created_at");