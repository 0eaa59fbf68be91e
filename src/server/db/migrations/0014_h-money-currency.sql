-- Each product's prices keep the currency they were entered in: the store's currency today.
ALTER TABLE "products" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "products" SET "currency" = coalesce((SELECT "stores"."settings"->>'currency' FROM "stores" WHERE "stores"."id" = "products"."store_id"), 'USD');--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "currency" SET NOT NULL;
