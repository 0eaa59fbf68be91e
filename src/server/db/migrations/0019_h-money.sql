CREATE TABLE "ledger_daily" (
	"store_id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"commission_minor" bigint DEFAULT 0 NOT NULL,
	"payouts_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_minor" bigint DEFAULT 0 NOT NULL,
	"in_payout_minor" bigint DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_daily_vendor_id_currency_day_store_id_pk" PRIMARY KEY("vendor_id","currency","day","store_id")
);
--> statement-breakpoint
CREATE TABLE "order_daily" (
	"store_id" text NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_daily_day_store_id_pk" PRIMARY KEY("day","store_id")
);
--> statement-breakpoint
CREATE TABLE "product_daily" (
	"store_id" text NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"product_id" uuid,
	"title" text NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_daily_day_currency_product_key_store_id_pk" PRIMARY KEY("day","currency","product_key","store_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_order_daily" (
	"store_id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_order_daily_vendor_id_day_store_id_pk" PRIMARY KEY("vendor_id","day","store_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_product_daily" (
	"store_id" text NOT NULL,
	"vendor_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"product_id" uuid,
	"title" text NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_product_daily_vendor_id_day_currency_product_key_store_id_pk" PRIMARY KEY("vendor_id","day","currency","product_key","store_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "ledger_daily" ADD CONSTRAINT "ledger_daily_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ledger_daily" ADD CONSTRAINT "ledger_daily_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_daily" ADD CONSTRAINT "order_daily_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_daily" ADD CONSTRAINT "product_daily_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_order_daily" ADD CONSTRAINT "vendor_order_daily_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_order_daily" ADD CONSTRAINT "vendor_order_daily_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_product_daily" ADD CONSTRAINT "vendor_product_daily_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "vendor_product_daily" ADD CONSTRAINT "vendor_product_daily_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_daily_store_day_idx" ON "ledger_daily" USING btree ("store_id","day");--> statement-breakpoint
CREATE INDEX "ledger_daily_store_vendor_day_idx" ON "ledger_daily" USING btree ("store_id","vendor_id","day");--> statement-breakpoint
CREATE INDEX "product_daily_store_day_idx" ON "product_daily" USING btree ("store_id","day");--> statement-breakpoint
-- Each product's prices keep the currency they were entered in: the store's currency today.
UPDATE "products" SET "currency" = coalesce((SELECT "stores"."settings"->>'currency' FROM "stores" WHERE "stores"."id" = "products"."store_id"), 'USD');--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
-- The daily rollups (src/server/db/schema/finance.ts). Each sum is one statement over a source of
-- rows (%1$s) with a sign (%2$s): the trigger's transition table, or a store's rows on a rebuild.
-- The day is the row's date on the store's clock (settings.timeZone, UTC when unset).
CREATE FUNCTION "ledger_daily_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT $q$
  INSERT INTO ledger_daily AS d (store_id, vendor_id, currency, day, sales_minor, commission_minor, payouts_minor, refunds_minor, in_payout_minor, entries)
  SELECT n.store_id, n.vendor_id, n.currency, (n.occurred_at AT TIME ZONE coalesce(s.settings->>'timeZone', 'UTC'))::date,
    coalesce(sum(n.amount_minor) FILTER (WHERE n.in_sales), 0),
    coalesce(sum(n.amount_minor) FILTER (WHERE n.kind = 'commission'), 0),
    coalesce(sum(n.amount_minor) FILTER (WHERE n.kind IN ('payout', 'manual_payment')), 0),
    coalesce(sum(n.amount_minor) FILTER (WHERE n.kind = 'refund'), 0),
    coalesce(sum(n.amount_minor) FILTER (WHERE n.in_payout), 0),
    count(*)
  FROM %1$s n JOIN stores s ON s.id = n.store_id
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (vendor_id, currency, day, store_id) DO UPDATE SET
    sales_minor = d.sales_minor + excluded.sales_minor, commission_minor = d.commission_minor + excluded.commission_minor,
    payouts_minor = d.payouts_minor + excluded.payouts_minor, refunds_minor = d.refunds_minor + excluded.refunds_minor,
    in_payout_minor = d.in_payout_minor + excluded.in_payout_minor, entries = d.entries + excluded.entries
$q$ $f$;--> statement-breakpoint
CREATE FUNCTION "product_daily_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT $q$
  INSERT INTO product_daily AS p (store_id, currency, day, product_key, product_id, title, sales_minor, quantity)
  SELECT n.store_id, n.currency, (n.occurred_at AT TIME ZONE coalesce(s.settings->>'timeZone', 'UTC'))::date,
    coalesce(l.product_id::text, l.title), max(l.product_id::text)::uuid, max(l.title), sum(n.amount_minor),
    coalesce(sum(l.quantity) FILTER (WHERE n.kind = 'sale' AND n.reverses_entry_id IS NULL), 0)
  FROM %1$s n JOIN stores s ON s.id = n.store_id JOIN order_lines l ON l.id = n.order_line_id AND l.store_id = n.store_id
  WHERE n.kind IN ('sale', 'refund')
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, currency, product_key, store_id) DO UPDATE SET
    sales_minor = p.sales_minor + excluded.sales_minor, quantity = p.quantity + excluded.quantity, title = greatest(p.title, excluded.title)
$q$ $f$;--> statement-breakpoint
CREATE FUNCTION "vendor_product_daily_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT $q$
  INSERT INTO vendor_product_daily AS p (store_id, vendor_id, currency, day, product_key, product_id, title, sales_minor, quantity)
  SELECT n.store_id, n.vendor_id, n.currency, (n.occurred_at AT TIME ZONE coalesce(s.settings->>'timeZone', 'UTC'))::date,
    coalesce(l.product_id::text, l.title), max(l.product_id::text)::uuid, max(l.title), sum(n.amount_minor),
    coalesce(sum(l.quantity) FILTER (WHERE n.kind = 'sale' AND n.reverses_entry_id IS NULL), 0)
  FROM %1$s n JOIN stores s ON s.id = n.store_id JOIN order_lines l ON l.id = n.order_line_id AND l.store_id = n.store_id
  WHERE n.kind IN ('sale', 'refund')
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (vendor_id, day, currency, product_key, store_id) DO UPDATE SET
    sales_minor = p.sales_minor + excluded.sales_minor, quantity = p.quantity + excluded.quantity, title = greatest(p.title, excluded.title)
$q$ $f$;--> statement-breakpoint
-- Orders: %1$s rows of (store_id, placed_at, cancelled, sign); vendor orders also vendor_id.
CREATE FUNCTION "order_daily_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT $q$
  INSERT INTO order_daily AS d (store_id, day, orders, cancelled)
  SELECT n.store_id, (n.placed_at AT TIME ZONE coalesce(s.settings->>'timeZone', 'UTC'))::date, sum(n.sign), coalesce(sum(n.sign) FILTER (WHERE n.cancelled), 0)
  FROM %1$s n JOIN stores s ON s.id = n.store_id
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, store_id) DO UPDATE SET orders = d.orders + excluded.orders, cancelled = d.cancelled + excluded.cancelled
$q$ $f$;--> statement-breakpoint
CREATE FUNCTION "vendor_order_daily_sql"() RETURNS text LANGUAGE sql IMMUTABLE AS $f$ SELECT $q$
  INSERT INTO vendor_order_daily AS d (store_id, vendor_id, day, orders, cancelled)
  SELECT n.store_id, n.vendor_id, (n.placed_at AT TIME ZONE coalesce(s.settings->>'timeZone', 'UTC'))::date, sum(n.sign), coalesce(sum(n.sign) FILTER (WHERE n.cancelled), 0)
  FROM %1$s n JOIN stores s ON s.id = n.store_id
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (vendor_id, day, store_id) DO UPDATE SET orders = d.orders + excluded.orders, cancelled = d.cancelled + excluded.cancelled
$q$ $f$;--> statement-breakpoint
-- The ledger is append-only: its rollups only ever grow, one statement per inserting statement.
CREATE FUNCTION "ledger_entries_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(ledger_daily_sql(), 'new_rows');
  EXECUTE format(product_daily_sql(), 'new_rows');
  EXECUTE format(vendor_product_daily_sql(), 'new_rows');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_rollup" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_rollup"();--> statement-breakpoint
-- Orders change (a cancellation): an update takes the changed rows out of their old day and puts them in the new.
CREATE FUNCTION "orders_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN '(SELECT store_id, placed_at, cancelled_at IS NOT NULL AS cancelled, 1 AS sign FROM new_rows)'
    WHEN 'DELETE' THEN '(SELECT store_id, placed_at, cancelled_at IS NOT NULL AS cancelled, -1 AS sign FROM old_rows)'
    ELSE '(SELECT x.* FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.store_id = o.store_id
      CROSS JOIN LATERAL (VALUES (o.store_id, o.placed_at, o.cancelled_at IS NOT NULL, -1), (n.store_id, n.placed_at, n.cancelled_at IS NOT NULL, 1)) AS x(store_id, placed_at, cancelled, sign)
      WHERE o.placed_at IS DISTINCT FROM n.placed_at OR (o.cancelled_at IS NULL) <> (n.cancelled_at IS NULL))'
  END;
BEGIN
  EXECUTE format(order_daily_sql(), source);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_rollup_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_rollup"();--> statement-breakpoint
CREATE TRIGGER "orders_rollup_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_rollup"();--> statement-breakpoint
CREATE TRIGGER "orders_rollup_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "orders_rollup"();--> statement-breakpoint
CREATE FUNCTION "vendor_orders_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN '(SELECT store_id, vendor_id, placed_at, fulfillment = ''cancelled'' AS cancelled, 1 AS sign FROM new_rows)'
    WHEN 'DELETE' THEN '(SELECT store_id, vendor_id, placed_at, fulfillment = ''cancelled'' AS cancelled, -1 AS sign FROM old_rows)'
    ELSE '(SELECT x.* FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.store_id = o.store_id
      CROSS JOIN LATERAL (VALUES (o.store_id, o.vendor_id, o.placed_at, o.fulfillment = ''cancelled'', -1), (n.store_id, n.vendor_id, n.placed_at, n.fulfillment = ''cancelled'', 1)) AS x(store_id, vendor_id, placed_at, cancelled, sign)
      WHERE o.placed_at IS DISTINCT FROM n.placed_at OR o.vendor_id <> n.vendor_id OR (o.fulfillment = ''cancelled'') <> (n.fulfillment = ''cancelled''))'
  END;
BEGIN
  EXECUTE format(vendor_order_daily_sql(), source);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vendor_orders_rollup_insert" AFTER INSERT ON "vendor_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vendor_orders_rollup"();--> statement-breakpoint
CREATE TRIGGER "vendor_orders_rollup_update" AFTER UPDATE ON "vendor_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vendor_orders_rollup"();--> statement-breakpoint
CREATE TRIGGER "vendor_orders_rollup_delete" AFTER DELETE ON "vendor_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vendor_orders_rollup"();--> statement-breakpoint
-- A store's rollups from its rows: on a change of its time zone (the days move), and once here for the rows that exist.
CREATE FUNCTION "rollups_rebuild"(store text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_daily WHERE store_id = store;
  DELETE FROM product_daily WHERE store_id = store;
  DELETE FROM vendor_product_daily WHERE store_id = store;
  DELETE FROM order_daily WHERE store_id = store;
  DELETE FROM vendor_order_daily WHERE store_id = store;
  EXECUTE format(ledger_daily_sql(), format('(SELECT * FROM ledger_entries WHERE store_id = %L)', store));
  EXECUTE format(product_daily_sql(), format('(SELECT * FROM ledger_entries WHERE store_id = %L)', store));
  EXECUTE format(vendor_product_daily_sql(), format('(SELECT * FROM ledger_entries WHERE store_id = %L)', store));
  EXECUTE format(order_daily_sql(), format('(SELECT store_id, placed_at, cancelled_at IS NOT NULL AS cancelled, 1 AS sign FROM orders WHERE store_id = %L)', store));
  EXECUTE format(vendor_order_daily_sql(), format('(SELECT store_id, vendor_id, placed_at, fulfillment = ''cancelled'' AS cancelled, 1 AS sign FROM vendor_orders WHERE store_id = %L)', store));
END $$;--> statement-breakpoint
CREATE FUNCTION "stores_rollups_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollups_rebuild(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stores_rollups_zone" AFTER UPDATE OF "settings" ON "stores" FOR EACH ROW WHEN ((OLD.settings->>'timeZone') IS DISTINCT FROM (NEW.settings->>'timeZone')) EXECUTE FUNCTION "stores_rollups_zone"();--> statement-breakpoint
SELECT rollups_rebuild(id) FROM stores;
