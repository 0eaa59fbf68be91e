CREATE TABLE "fulfillments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"vendor_order_id" uuid NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fulfillments" ADD CONSTRAINT "fulfillments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "fulfillments" ADD CONSTRAINT "fulfillments_vendor_order_id_vendor_orders_id_fk" FOREIGN KEY ("vendor_order_id") REFERENCES "public"."vendor_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fulfillments_vendor_order_idx" ON "fulfillments" USING btree ("vendor_order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_store_email_idx" ON "orders" USING btree ("store_id",lower("customer"->>'email'));--> statement-breakpoint
CREATE INDEX "vendor_orders_open_idx" ON "vendor_orders" USING btree ("store_id","placed_at","id") WHERE "vendor_orders"."fulfillment" in ('unfulfilled', 'partial');--> statement-breakpoint
CREATE INDEX "vendor_orders_vendor_open_idx" ON "vendor_orders" USING btree ("store_id","vendor_id","placed_at","id") WHERE "vendor_orders"."fulfillment" in ('unfulfilled', 'partial');--> statement-breakpoint
CREATE INDEX "vendor_orders_store_name_idx" ON "vendor_orders" USING btree ("store_id",lower("order_name") text_pattern_ops);