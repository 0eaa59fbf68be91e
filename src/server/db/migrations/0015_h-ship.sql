CREATE TABLE "platform_shipments" (
	"store_id" text NOT NULL,
	"fulfillment_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"platform_fulfillment_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_shipments_store_id_fulfillment_id_pk" PRIMARY KEY("store_id","fulfillment_id")
);
--> statement-breakpoint
CREATE TABLE "shipping_labels" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"vendor_order_id" uuid NOT NULL,
	"rate_id" text NOT NULL,
	"purchase_id" text NOT NULL,
	"key_owner" text NOT NULL,
	"status" text DEFAULT 'purchased' NOT NULL,
	"carrier" text NOT NULL,
	"service" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text NOT NULL,
	"file_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"fulfillment_id" uuid,
	"cost_entry_id" uuid,
	"refund_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "shipping_labels_store_id_id_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"store_id" text NOT NULL,
	"id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"vendor_order_id" uuid NOT NULL,
	"key_owner" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"carrier" text NOT NULL,
	"service" text NOT NULL,
	"estimated_days" integer,
	"attributes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_store_id_id_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
CREATE TABLE "shippo_keys" (
	"store_id" text NOT NULL,
	"owner" text NOT NULL,
	"api_key_encrypted" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shippo_keys_store_id_owner_pk" PRIMARY KEY("store_id","owner")
);
--> statement-breakpoint
ALTER TABLE "platform_shipments" ADD CONSTRAINT "platform_shipments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "platform_shipments" ADD CONSTRAINT "platform_shipments_store_id_fulfillment_id_fulfillments_store_id_id_fk" FOREIGN KEY ("store_id","fulfillment_id") REFERENCES "public"."fulfillments"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_store_id_vendor_order_id_vendor_orders_store_id_id_fk" FOREIGN KEY ("store_id","vendor_order_id") REFERENCES "public"."vendor_orders"("store_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_store_id_fulfillment_id_fulfillments_store_id_id_fk" FOREIGN KEY ("store_id","fulfillment_id") REFERENCES "public"."fulfillments"("store_id","id") ON DELETE SET NULL ("fulfillment_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_store_id_vendor_order_id_vendor_orders_store_id_id_fk" FOREIGN KEY ("store_id","vendor_order_id") REFERENCES "public"."vendor_orders"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shippo_keys" ADD CONSTRAINT "shippo_keys_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_order_active_uq" ON "shipping_labels" USING btree ("store_id","vendor_order_id") WHERE "shipping_labels"."status" <> 'voided';--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_purchase_uq" ON "shipping_labels" USING btree ("store_id","purchase_id");--> statement-breakpoint
CREATE INDEX "shipping_labels_order_idx" ON "shipping_labels" USING btree ("store_id","vendor_order_id","created_at");--> statement-breakpoint
CREATE INDEX "shipping_rates_order_idx" ON "shipping_rates" USING btree ("store_id","vendor_order_id","created_at");