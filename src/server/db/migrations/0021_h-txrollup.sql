CREATE TABLE "ledger_kind_daily" (
	"store_id" text NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"in_sales" boolean NOT NULL,
	"in_payout" boolean NOT NULL,
	"payout" text NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_kind_daily_day_currency_kind_in_sales_in_payout_payout_store_id_pk" PRIMARY KEY("day","currency","kind","in_sales","in_payout","payout","store_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_payout_state" (
	"store_id" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"vendor_order_id" uuid,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"payout" text NOT NULL,
	CONSTRAINT "ledger_payout_state_entry_id_store_id_pk" PRIMARY KEY("entry_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_ledger_kind_daily" (
	"store_id" text NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"in_sales" boolean NOT NULL,
	"in_payout" boolean NOT NULL,
	"payout" text NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"vendor_id" uuid NOT NULL,
	CONSTRAINT "vendor_ledger_kind_daily_vendor_id_day_currency_kind_in_sales_in_payout_payout_store_id_pk" PRIMARY KEY("vendor_id","day","currency","kind","in_sales","in_payout","payout","store_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_kind_daily" ADD CONSTRAINT "ledger_kind_daily_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ledger_payout_state" ADD CONSTRAINT "ledger_payout_state_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ledger_payout_state" ADD CONSTRAINT "ledger_payout_state_store_id_entry_id_ledger_entries_store_id_id_fk" FOREIGN KEY ("store_id","entry_id") REFERENCES "public"."ledger_entries"("store_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_kind_daily" ADD CONSTRAINT "vendor_ledger_kind_daily_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_ledger_kind_daily" ADD CONSTRAINT "vendor_ledger_kind_daily_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_kind_daily_store_day_idx" ON "ledger_kind_daily" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "ledger_payout_state_store_payout_idx" ON "ledger_payout_state" USING btree ("store_id","payout","occurred_at","entry_id");--> statement-breakpoint
CREATE INDEX "ledger_payout_state_store_vendor_payout_idx" ON "ledger_payout_state" USING btree ("store_id","vendor_id","payout","occurred_at","entry_id");--> statement-breakpoint
CREATE INDEX "ledger_payout_state_vendor_order_idx" ON "ledger_payout_state" USING btree ("vendor_order_id","store_id");--> statement-breakpoint
CREATE INDEX "vendor_ledger_kind_daily_store_vendor_day_idx" ON "vendor_ledger_kind_daily" USING btree ("store_id","vendor_id","day");--> statement-breakpoint
-- Hand-written (h-txrollup): the transaction list's kind-keyed rollups and the entries' payout state.
-- %1$s is a source of ledger rows (the trigger's new_rows, or a store's entries on a rebuild) with
-- each entry's payout state: its vendor order's, 'paid' for payments whatever their order, '' for none.
CREATE FUNCTION "ledger_payout_source"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT $q$
  (SELECT n.*, CASE WHEN n.kind IN ('payout', 'manual_payment') THEN 'paid' ELSE coalesce(vo.payout, '') END AS payout, 1 AS sign
  FROM %1$s n LEFT JOIN vendor_orders vo ON vo.id = n.vendor_order_id AND vo.store_id = n.store_id)
$q$ $f$;--> statement-breakpoint
-- The sums: %1$s rows of (store_id, vendor_id, currency, occurred_at, kind, in_sales, in_payout, payout, amount_minor, sign).
CREATE FUNCTION "ledger_kind_daily_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT $q$
  INSERT INTO ledger_kind_daily AS d (store_id, currency, day, kind, in_sales, in_payout, payout, amount_minor, entries)
  SELECT n.store_id, n.currency, (n.occurred_at AT TIME ZONE coalesce(s.settings->>'timeZone', 'UTC'))::date, n.kind, n.in_sales, n.in_payout, n.payout,
    sum(n.sign * n.amount_minor), sum(n.sign)
  FROM %1$s n JOIN stores s ON s.id = n.store_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (day, currency, kind, in_sales, in_payout, payout, store_id) DO UPDATE SET
    amount_minor = d.amount_minor + excluded.amount_minor, entries = d.entries + excluded.entries
$q$ $f$;--> statement-breakpoint
CREATE FUNCTION "vendor_ledger_kind_daily_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT $q$
  INSERT INTO vendor_ledger_kind_daily AS d (store_id, vendor_id, currency, day, kind, in_sales, in_payout, payout, amount_minor, entries)
  SELECT n.store_id, n.vendor_id, n.currency, (n.occurred_at AT TIME ZONE coalesce(s.settings->>'timeZone', 'UTC'))::date, n.kind, n.in_sales, n.in_payout, n.payout,
    sum(n.sign * n.amount_minor), sum(n.sign)
  FROM %1$s n JOIN stores s ON s.id = n.store_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (vendor_id, day, currency, kind, in_sales, in_payout, payout, store_id) DO UPDATE SET
    amount_minor = d.amount_minor + excluded.amount_minor, entries = d.entries + excluded.entries
$q$ $f$;--> statement-breakpoint
-- The entries that have a payout state: %1$s as for the sums.
CREATE FUNCTION "ledger_payout_state_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT $q$
  INSERT INTO ledger_payout_state (store_id, entry_id, vendor_id, vendor_order_id, kind, occurred_at, payout)
  SELECT n.store_id, n.id, n.vendor_id, n.vendor_order_id, n.kind, n.occurred_at, n.payout FROM %1$s n WHERE n.payout <> ''
  ORDER BY n.store_id, n.id
$q$ $f$;--> statement-breakpoint
CREATE FUNCTION "ledger_entries_kind_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := format(ledger_payout_source(), 'new_rows');
BEGIN
  EXECUTE format(ledger_kind_daily_sql(), source);
  EXECUTE format(vendor_ledger_kind_daily_sql(), source);
  EXECUTE format(ledger_payout_state_sql(), source);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_kind_rollup" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_kind_rollup"();--> statement-breakpoint
-- A vendor order's payout changes (paid, or due again): its entries (not the payments, always paid)
-- leave their old state's rows and join the new state's; the state table follows.
CREATE FUNCTION "vendor_orders_payout_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := '(SELECT e.store_id, e.vendor_id, e.currency, e.occurred_at, e.kind, e.in_sales, e.in_payout, e.amount_minor, x.sign, x.payout
    FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.store_id = o.store_id
    JOIN ledger_entries e ON e.vendor_order_id = n.id AND e.store_id = n.store_id
    CROSS JOIN LATERAL (VALUES (-1, o.payout), (1, n.payout)) AS x(sign, payout)
    WHERE o.payout <> n.payout AND e.kind NOT IN (''payout'', ''manual_payment''))';
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.store_id = o.store_id WHERE o.payout <> n.payout) THEN
    RETURN NULL;
  END IF;
  EXECUTE format(ledger_kind_daily_sql(), source);
  EXECUTE format(vendor_ledger_kind_daily_sql(), source);
  UPDATE ledger_payout_state p SET payout = n.payout
  FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.store_id = o.store_id
  WHERE o.payout <> n.payout AND p.vendor_order_id = n.id AND p.store_id = n.store_id AND p.kind NOT IN ('payout', 'manual_payment');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vendor_orders_payout_rollup" AFTER UPDATE ON "vendor_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vendor_orders_payout_rollup"();--> statement-breakpoint
-- The rebuild (a change of the store's time zone) covers the kind-keyed rollups too; the payout
-- state has no day, so it is written once here.
CREATE OR REPLACE FUNCTION "rollups_rebuild"(store text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  entries text := format('(SELECT * FROM ledger_entries WHERE store_id = %L)', store);
BEGIN
  DELETE FROM ledger_daily WHERE store_id = store;
  DELETE FROM product_daily WHERE store_id = store;
  DELETE FROM vendor_product_daily WHERE store_id = store;
  DELETE FROM order_daily WHERE store_id = store;
  DELETE FROM vendor_order_daily WHERE store_id = store;
  DELETE FROM ledger_kind_daily WHERE store_id = store;
  DELETE FROM vendor_ledger_kind_daily WHERE store_id = store;
  EXECUTE format(ledger_daily_sql(), entries);
  EXECUTE format(product_daily_sql(), entries);
  EXECUTE format(vendor_product_daily_sql(), entries);
  EXECUTE format(order_daily_sql(), format('(SELECT store_id, placed_at, cancelled_at IS NOT NULL AS cancelled, 1 AS sign FROM orders WHERE store_id = %L)', store));
  EXECUTE format(vendor_order_daily_sql(), format('(SELECT store_id, vendor_id, placed_at, fulfillment = ''cancelled'' AS cancelled, 1 AS sign FROM vendor_orders WHERE store_id = %L)', store));
  EXECUTE format(ledger_kind_daily_sql(), format(ledger_payout_source(), entries));
  EXECUTE format(vendor_ledger_kind_daily_sql(), format(ledger_payout_source(), entries));
END $$;--> statement-breakpoint
SELECT rollups_rebuild(id) FROM stores;--> statement-breakpoint
DO $$ BEGIN EXECUTE format(ledger_payout_state_sql(), format(ledger_payout_source(), 'ledger_entries')); END $$;
