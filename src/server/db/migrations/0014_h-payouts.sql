CREATE TABLE "payment_provider_keys" (
	"store_id" text NOT NULL,
	"provider" text NOT NULL,
	"sealed" text NOT NULL,
	"is_test" boolean NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_provider_keys_store_id_provider_pk" PRIMARY KEY("store_id","provider")
);
--> statement-breakpoint
CREATE TABLE "vendor_payout_accounts" (
	"store_id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_ref" text NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"is_test" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_payout_accounts_store_id_vendor_id_provider_pk" PRIMARY KEY("store_id","vendor_id","provider")
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "payment_provider_keys" ADD CONSTRAINT "payment_provider_keys_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_payout_accounts" ADD CONSTRAINT "vendor_payout_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_payout_accounts" ADD CONSTRAINT "vendor_payout_accounts_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("store_id","created_at") WHERE "payouts"."state" = 'pending';