CREATE TABLE "membership_events" (
	"event_id" text NOT NULL,
	"store_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_events_event_id_store_id_pk" PRIMARY KEY("event_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "membership_webhooks" (
	"store_id" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_webhooks_store_id_pk" PRIMARY KEY("store_id")
);
--> statement-breakpoint
CREATE TABLE "store_plans" (
	"store_id" text NOT NULL,
	"plan" text NOT NULL,
	"addons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"platform_notified_at" timestamp with time zone,
	"updated_by" uuid,
	CONSTRAINT "store_plans_store_id_pk" PRIMARY KEY("store_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_memberships" (
	"vendor_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"customer_id" text,
	"subscription_id" text,
	"status" text,
	"price_id" text,
	"current_period_end" timestamp with time zone,
	"trial_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"event_created_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_memberships_vendor_id_store_id_pk" PRIMARY KEY("vendor_id","store_id")
);
--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "membership_webhooks" ADD CONSTRAINT "membership_webhooks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "store_plans" ADD CONSTRAINT "store_plans_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_memberships" ADD CONSTRAINT "vendor_memberships_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_memberships" ADD CONSTRAINT "vendor_memberships_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_memberships_store_subscription_idx" ON "vendor_memberships" USING btree ("store_id","subscription_id");