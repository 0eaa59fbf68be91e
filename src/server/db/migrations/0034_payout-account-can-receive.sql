ALTER TABLE "vendor_payout_accounts" ADD COLUMN "can_receive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A PayPal receiver can always be paid; a Stripe account waits until Stripe says its payouts are enabled.
UPDATE "vendor_payout_accounts" SET "can_receive" = true WHERE "provider" = 'paypal';
