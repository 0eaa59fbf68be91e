CREATE TABLE "payment_events" (
	"store_id" text NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_event_id_provider_store_id_pk" PRIMARY KEY("event_id","provider","store_id")
);
--> statement-breakpoint
CREATE TABLE "payment_webhooks" (
	"store_id" text NOT NULL,
	"provider" text NOT NULL,
	"scope" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"secret_sealed" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhooks_store_id_provider_scope_pk" PRIMARY KEY("store_id","provider","scope")
);
--> statement-breakpoint
CREATE TABLE "payout_exceptions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"payout_id" uuid,
	"vendor_id" uuid,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"provider_ref" text,
	"amount" bigint,
	"currency" text,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text DEFAULT '' NOT NULL,
	CONSTRAINT "payout_exceptions_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_account_intents" (
	"store_id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"state" text DEFAULT 'calling' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_account_intents_store_id_vendor_id_pk" PRIMARY KEY("store_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "shipping_labels" ALTER COLUMN "purchase_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_labels" ALTER COLUMN "tracking_number" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "shipping_labels" ALTER COLUMN "tracking_url" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "shipping_labels" ALTER COLUMN "file_key" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "payment_webhooks" ADD CONSTRAINT "payment_webhooks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "payout_exceptions" ADD CONSTRAINT "payout_exceptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "stripe_account_intents" ADD CONSTRAINT "stripe_account_intents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "stripe_account_intents" ADD CONSTRAINT "stripe_account_intents_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_exceptions_open_key_uq" ON "payout_exceptions" USING btree ("store_id","key") WHERE "payout_exceptions"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "payout_exceptions_store_created_idx" ON "payout_exceptions" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "shipping_labels_pending_idx" ON "shipping_labels" USING btree ("store_id","created_at") WHERE "shipping_labels"."status" = 'pending';