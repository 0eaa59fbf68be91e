CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"kind" text NOT NULL,
	"in_payout" boolean NOT NULL,
	"in_sales" boolean NOT NULL,
	"order_id" uuid,
	"vendor_order_id" uuid,
	"order_line_id" uuid,
	"order_name" text DEFAULT '' NOT NULL,
	"refund_id" uuid,
	"payout_id" uuid,
	"reverses_entry_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"memo" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"source_refund_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"paid_at" timestamp with time zone,
	"details" text DEFAULT '' NOT NULL,
	"vendor_order_ids" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_vendor_order_id_vendor_orders_id_fk" FOREIGN KEY ("vendor_order_id") REFERENCES "public"."vendor_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_store_occurred_idx" ON "ledger_entries" USING btree ("store_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ledger_store_vendor_occurred_idx" ON "ledger_entries" USING btree ("store_id","vendor_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ledger_store_kind_occurred_idx" ON "ledger_entries" USING btree ("store_id","kind","occurred_at","id");--> statement-breakpoint
CREATE INDEX "ledger_vendor_order_idx" ON "ledger_entries" USING btree ("vendor_order_id");--> statement-breakpoint
CREATE INDEX "ledger_payout_idx" ON "ledger_entries" USING btree ("payout_id") WHERE "ledger_entries"."payout_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_store_order_name_idx" ON "ledger_entries" USING btree ("store_id",lower("order_name") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_reverses_uq" ON "ledger_entries" USING btree ("reverses_entry_id") WHERE "ledger_entries"."reverses_entry_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_source_uq" ON "order_refunds" USING btree ("store_id","order_id","source_refund_id");--> statement-breakpoint
CREATE INDEX "payouts_store_vendor_created_idx" ON "payouts" USING btree ("store_id","vendor_id","created_at");--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry that reverses an old one: no update or delete of an entry, by anyone.
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: write a reversing entry instead of %', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
-- Orders recorded before the ledger: their arrival entries, as ingestOrder writes them, under each store's financeConfig (defaults when unset). Cancelled parts had no money movement to record.
INSERT INTO "ledger_entries" ("store_id", "vendor_id", "currency", "amount_minor", "kind", "in_payout", "in_sales", "order_id", "vendor_order_id", "order_line_id", "order_name", "occurred_at")
SELECT l."store_id", l."vendor_id", o."currency", e.amount, e.kind, e.in_payout, e.in_sales, l."order_id", l."vendor_order_id", l."id", vo."order_name", vo."placed_at"
FROM "order_lines" l
JOIN "vendor_orders" vo ON vo."id" = l."vendor_order_id"
JOIN "orders" o ON o."id" = l."order_id"
JOIN "stores" s ON s."id" = l."store_id"
CROSS JOIN LATERAL (VALUES
  ('sale', l."price" * l."quantity", true, true),
  ('discount', -l."discount", coalesce((s."settings"->'financeConfig'->>'discountInPayout')::boolean, false), coalesce((s."settings"->'financeConfig'->>'includeDiscount')::boolean, false)),
  ('tax', l."tax", coalesce((s."settings"->'financeConfig'->>'taxInPayout')::boolean, false), coalesce((s."settings"->'financeConfig'->>'includeTax')::boolean, true)),
  ('commission', -l."commission", true, false)
) AS e(kind, amount, in_payout, in_sales)
WHERE vo."fulfillment" <> 'cancelled' AND e.amount <> 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("store_id", "vendor_id", "currency", "amount_minor", "kind", "in_payout", "in_sales", "order_id", "vendor_order_id", "order_name", "occurred_at")
SELECT vo."store_id", vo."vendor_id", o."currency", vo."shipping", 'shipping',
  coalesce((s."settings"->'financeConfig'->>'shippingInPayout')::boolean, true), coalesce((s."settings"->'financeConfig'->>'includeShipping')::boolean, false),
  vo."order_id", vo."id", vo."order_name", vo."placed_at"
FROM "vendor_orders" vo
JOIN "orders" o ON o."id" = vo."order_id"
JOIN "stores" s ON s."id" = vo."store_id"
WHERE vo."fulfillment" <> 'cancelled' AND vo."shipping" <> 0;
