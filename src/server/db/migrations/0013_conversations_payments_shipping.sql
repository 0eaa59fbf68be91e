CREATE TABLE "banned_buyers" (
	"store_id" text NOT NULL,
	"email" text NOT NULL,
	"banned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banned_buyers_store_id_email_pk" PRIMARY KEY("store_id","email")
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sender" text NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_messages_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"buyer_email" text NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"product_id" uuid,
	"product_title" text,
	"vendor_order_id" uuid,
	"order_name" text,
	"last_message" text DEFAULT '' NOT NULL,
	"last_sender" text DEFAULT 'buyer' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"seller_unread" integer DEFAULT 0 NOT NULL,
	"buyer_unread" integer DEFAULT 0 NOT NULL,
	"seller_notified_at" timestamp with time zone,
	"buyer_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
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
CREATE TABLE "platform_shipments" (
	"store_id" text NOT NULL,
	"fulfillment_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"platform_fulfillment_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_shipments_fulfillment_id_store_id_pk" PRIMARY KEY("fulfillment_id","store_id")
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
	CONSTRAINT "shipping_labels_id_store_id_pk" PRIMARY KEY("id","store_id")
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
	CONSTRAINT "shipping_rates_id_store_id_pk" PRIMARY KEY("id","store_id")
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
ALTER TABLE "payouts" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "banned_buyers" ADD CONSTRAINT "banned_buyers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_fk" FOREIGN KEY ("store_id","conversation_id") REFERENCES "public"."conversations"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_provider_keys" ADD CONSTRAINT "payment_provider_keys_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_payout_accounts" ADD CONSTRAINT "vendor_payout_accounts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_payout_accounts" ADD CONSTRAINT "vendor_payout_accounts_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE UNIQUE INDEX "conversation_messages_position_uq" ON "conversation_messages" USING btree ("store_id","conversation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_subject_uq" ON "conversations" USING btree ("store_id","vendor_id","buyer_email",coalesce("product_id", "vendor_order_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "conversations_store_last_idx" ON "conversations" USING btree ("store_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_store_vendor_last_idx" ON "conversations" USING btree ("store_id","vendor_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_seller_unread_idx" ON "conversations" USING btree ("store_id","vendor_id","last_message_at") WHERE "conversations"."seller_unread" > 0;--> statement-breakpoint
CREATE INDEX "conversations_store_buyer_idx" ON "conversations" USING btree ("store_id","buyer_email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_order_active_uq" ON "shipping_labels" USING btree ("store_id","vendor_order_id") WHERE "shipping_labels"."status" <> 'voided';--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_labels_purchase_uq" ON "shipping_labels" USING btree ("store_id","purchase_id");--> statement-breakpoint
CREATE INDEX "shipping_labels_order_idx" ON "shipping_labels" USING btree ("store_id","vendor_order_id","created_at");--> statement-breakpoint
CREATE INDEX "shipping_rates_order_idx" ON "shipping_rates" USING btree ("store_id","vendor_order_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("store_id","created_at") WHERE "payouts"."state" = 'pending';