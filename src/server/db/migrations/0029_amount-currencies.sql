-- Every stored amount carries its currency: the zones' rates and the discounts were typed in the
-- store's currency of the day, which is what they are taken to be in (the settings' default USD
-- when the store never chose one).
ALTER TABLE "delivery_zones" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "delivery_zones" z SET "currency" = coalesce(s."settings"->>'currency', 'USD') FROM "stores" s WHERE s."id" = z."store_id";--> statement-breakpoint
ALTER TABLE "delivery_zones" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "discounts" d SET "currency" = coalesce(s."settings"->>'currency', 'USD') FROM "stores" s WHERE s."id" = d."store_id";--> statement-breakpoint
ALTER TABLE "discounts" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "discount_redemptions" r SET "currency" = d."currency" FROM "discounts" d WHERE d."store_id" = r."store_id" AND d."id" = r."discount_id";--> statement-breakpoint
ALTER TABLE "discount_redemptions" ALTER COLUMN "currency" SET NOT NULL;
--> statement-breakpoint
-- Who funds a discount: a vendor's own discounts were the vendor's, the marketplace's its own.
ALTER TABLE "discounts" ADD COLUMN "vendor_share" integer;--> statement-breakpoint
UPDATE "discounts" SET "vendor_share" = CASE WHEN "funded_by" = 'vendor' THEN 10000 ELSE 0 END;--> statement-breakpoint
ALTER TABLE "discounts" ALTER COLUMN "vendor_share" SET NOT NULL;--> statement-breakpoint
-- Lines of past orders keep an unknown funder (null): their ledger entries already say how they counted.
ALTER TABLE "order_lines" ADD COLUMN "vendor_discount" bigint;
