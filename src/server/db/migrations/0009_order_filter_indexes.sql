DROP INDEX "vendor_orders_store_placed_idx";--> statement-breakpoint
DROP INDEX "vendor_orders_store_vendor_placed_idx";--> statement-breakpoint
CREATE INDEX "vendor_orders_store_fulfillment_placed_idx" ON "vendor_orders" USING btree ("store_id","fulfillment","placed_at","id");--> statement-breakpoint
CREATE INDEX "vendor_orders_store_vendor_fulfillment_placed_idx" ON "vendor_orders" USING btree ("store_id","vendor_id","fulfillment","placed_at","id");--> statement-breakpoint
CREATE INDEX "vendor_orders_store_payout_placed_idx" ON "vendor_orders" USING btree ("store_id","payout","placed_at","id");--> statement-breakpoint
CREATE INDEX "vendor_orders_store_vendor_payout_placed_idx" ON "vendor_orders" USING btree ("store_id","vendor_id","payout","placed_at","id");--> statement-breakpoint
CREATE INDEX "vendor_orders_store_placed_idx" ON "vendor_orders" USING btree ("store_id","placed_at","id","payout");--> statement-breakpoint
CREATE INDEX "vendor_orders_store_vendor_placed_idx" ON "vendor_orders" USING btree ("store_id","vendor_id","placed_at","id","payout");