CREATE TABLE "offer_events" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"amount" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "offer_events_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"store_id" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text DEFAULT '' NOT NULL,
	"buyer_email" text NOT NULL,
	"quantity" integer NOT NULL,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"counter_amount" bigint,
	"agreed_amount" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"reserved_stock" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_id_store_id_pk" PRIMARY KEY("id","store_id")
);
--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_fk" FOREIGN KEY ("store_id","offer_id") REFERENCES "public"."offers"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_vendor_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_events_offer_idx" ON "offer_events" USING btree ("store_id","offer_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_open_uq" ON "offers" USING btree ("variant_id","buyer_email","store_id") WHERE "offers"."status" in ('pending', 'countered', 'accepted');--> statement-breakpoint
CREATE INDEX "offers_store_created_idx" ON "offers" USING btree ("store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "offers_store_vendor_created_idx" ON "offers" USING btree ("store_id","vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "offers_store_expiry_idx" ON "offers" USING btree ("store_id","expires_at") WHERE "offers"."status" in ('pending', 'countered', 'accepted');--> statement-breakpoint
CREATE INDEX "offers_store_variant_open_idx" ON "offers" USING btree ("store_id","variant_id") WHERE "offers"."status" in ('pending', 'countered');