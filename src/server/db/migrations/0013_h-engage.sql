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
	CONSTRAINT "conversation_messages_store_id_id_pk" PRIMARY KEY("store_id","id")
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
	CONSTRAINT "conversations_store_id_id_pk" PRIMARY KEY("store_id","id")
);
--> statement-breakpoint
ALTER TABLE "banned_buyers" ADD CONSTRAINT "banned_buyers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_fk" FOREIGN KEY ("store_id","conversation_id") REFERENCES "public"."conversations"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_messages_position_uq" ON "conversation_messages" USING btree ("store_id","conversation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_subject_uq" ON "conversations" USING btree ("store_id","vendor_id","buyer_email",coalesce("product_id", "vendor_order_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "conversations_store_last_idx" ON "conversations" USING btree ("store_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_store_vendor_last_idx" ON "conversations" USING btree ("store_id","vendor_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_seller_unread_idx" ON "conversations" USING btree ("store_id","vendor_id","last_message_at") WHERE "conversations"."seller_unread" > 0;--> statement-breakpoint
CREATE INDEX "conversations_store_buyer_idx" ON "conversations" USING btree ("store_id","buyer_email","created_at");