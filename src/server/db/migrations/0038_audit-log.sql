CREATE TABLE "audit_log" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"xact_id" bigint NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text,
	"acting_vendor_id" uuid,
	"request_id" text,
	"source" text,
	"area" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_label" text,
	"vendor_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	CONSTRAINT "audit_log_id_store_id_created_at_pk" PRIMARY KEY("id","store_id","created_at")
);
--> statement-breakpoint
CREATE INDEX "audit_log_store_time_idx" ON "audit_log" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_store_entity_idx" ON "audit_log" USING btree ("store_id","entity","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_store_vendor_idx" ON "audit_log" USING btree ("store_id","vendor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_store_xact_idx" ON "audit_log" USING btree ("store_id","xact_id");--> statement-breakpoint
-- drizzle-kit cannot declare partitioning: the table is made again, partitioned by month.
DROP TABLE "audit_log";--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"xact_id" bigint NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text,
	"acting_vendor_id" uuid,
	"request_id" text,
	"source" text,
	"area" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_label" text,
	"vendor_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	CONSTRAINT "audit_log_id_store_id_created_at_pk" PRIMARY KEY("id","store_id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_store_time_idx" ON "audit_log" USING btree ("store_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_store_entity_idx" ON "audit_log" USING btree ("store_id","entity","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_store_vendor_idx" ON "audit_log" USING btree ("store_id","vendor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_store_xact_idx" ON "audit_log" USING btree ("store_id","xact_id");--> statement-breakpoint
-- A record written past the last monthly partition still lands somewhere; the daily job keeps months ahead.
CREATE TABLE "audit_log_default" PARTITION OF "audit_log" DEFAULT;--> statement-breakpoint
-- The monthly partitions from `from_month` on, `months` of them; existing ones are kept.
CREATE FUNCTION "audit_log_add_partitions"(from_month date, months integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first date := date_trunc('month', from_month)::date;
  m date;
BEGIN
  FOR i IN 0 .. months - 1 LOOP
    m := (first + make_interval(months => i))::date;
    -- Records of a month written before its partition existed (the daily job did not run) stay in the
    -- default partition: no partition can be made over them, and the months after still are.
    CONTINUE WHEN EXISTS (SELECT 1 FROM audit_log_default WHERE created_at >= m AND created_at < m + interval '1 month');
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF audit_log FOR VALUES FROM (%L) TO (%L)',
      'audit_log_' || to_char(m, 'YYYY_MM'), m::timestamptz, (m + interval '1 month')::timestamptz);
  END LOOP;
END $$;--> statement-breakpoint
SELECT "audit_log_add_partitions"((now() - interval '1 month')::date, 6);--> statement-breakpoint
-- Records are evidence: no one edits or removes one; retention detaches and drops whole months.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: %', TG_OP USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- The caller of the transaction, set by the server (src/server/db/audit-actor.ts) as a transaction-local setting.
CREATE FUNCTION "audit_actor"() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('app.actor', true), '')::jsonb, '{"kind":"system"}'::jsonb)
$$;--> statement-breakpoint
-- Secret fields are recorded as "changed", never with their values.
CREATE FUNCTION "audit_is_secret"(field text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT field ~* '(secret|token|password|passwd|hash|sealed|encrypted|api_?key|private_?key|credential)'
$$;--> statement-breakpoint
-- Arguments: area, id column (default id), vendor column (default vendor_id), store column (default store_id).
-- One record per changed row; an update that changes only bookkeeping columns records nothing.
CREATE FUNCTION "audit_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  cur jsonb := coalesce(new_row, old_row);
  id_col text := coalesce(nullif(TG_ARGV[1], ''), 'id');
  vendor_col text := coalesce(nullif(TG_ARGV[2], ''), 'vendor_id');
  store_col text := coalesce(nullif(TG_ARGV[3], ''), 'store_id');
  changes jsonb := '{}';
  field text;
  sub text;
  before jsonb;
  after jsonb;
  actor jsonb;
BEGIN
  FOR field IN SELECT jsonb_object_keys(cur) LOOP
    CONTINUE WHEN field IN ('updated_at', 'created_at', 'search', 'store_id') OR field = store_col;
    before := old_row -> field;
    after := new_row -> field;
    CONTINUE WHEN before IS NOT DISTINCT FROM after OR (TG_OP <> 'UPDATE' AND coalesce(before, after) = 'null'::jsonb);
    IF audit_is_secret(field) THEN
      changes := changes || jsonb_build_object(field, 'changed');
    ELSIF jsonb_typeof(before) = 'object' AND jsonb_typeof(after) = 'object' THEN
      -- A settings document: its changed keys, not the whole document twice.
      FOR sub IN SELECT k FROM jsonb_object_keys(before || after) AS k LOOP
        CONTINUE WHEN (before -> sub) IS NOT DISTINCT FROM (after -> sub);
        changes := changes || jsonb_build_object(field || '.' || sub,
          CASE WHEN audit_is_secret(sub) THEN '"changed"'::jsonb ELSE jsonb_build_object('from', before -> sub, 'to', after -> sub) END);
      END LOOP;
    ELSE
      changes := changes || jsonb_build_object(field, jsonb_build_object('from', before, 'to', after));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND changes = '{}'::jsonb THEN RETURN NULL; END IF;
  actor := audit_actor();
  INSERT INTO audit_log (store_id, xact_id, actor_kind, actor_user_id, actor_name, acting_vendor_id, request_id, source,
    area, entity, entity_id, entity_label, vendor_id, action, changes)
  VALUES (cur ->> store_col, txid_current(), actor ->> 'kind', (actor ->> 'userId')::uuid, actor ->> 'name',
    (actor ->> 'vendorId')::uuid, actor ->> 'requestId', actor ->> 'source',
    TG_ARGV[0], TG_TABLE_NAME, coalesce(cur ->> id_col, ''),
    coalesce(cur ->> 'title', cur ->> 'name', cur ->> 'order_name', cur ->> 'vendor_name', cur ->> 'code', cur ->> 'email', cur ->> 'sku', cur ->> 'shop_name'),
    CASE WHEN cur ->> vendor_col ~ '^[0-9a-f-]{36}$' THEN (cur ->> vendor_col)::uuid END,
    lower(TG_OP), changes);
  RETURN NULL;
END $$;--> statement-breakpoint
-- The ledger is written many entries at a time: one record per statement and vendor lists them,
-- so a money write links its entries without a record per entry.
CREATE FUNCTION "audit_ledger_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := audit_actor();
BEGIN
  INSERT INTO audit_log (store_id, xact_id, actor_kind, actor_user_id, actor_name, acting_vendor_id, request_id, source,
    area, entity, entity_id, entity_label, vendor_id, action, changes)
  SELECT e.store_id, txid_current(), actor ->> 'kind', (actor ->> 'userId')::uuid, actor ->> 'name',
    (actor ->> 'vendorId')::uuid, actor ->> 'requestId', actor ->> 'source',
    'finance', 'ledger_entries', coalesce(min(e.order_id::text), min(e.payout_id::text), min(e.id::text)), min(e.order_name), e.vendor_id, 'insert',
    jsonb_build_object('entries', jsonb_build_object('from', NULL, 'to',
      jsonb_agg(jsonb_build_object('id', e.id, 'kind', e.kind, 'amount', e.amount_minor, 'currency', e.currency) ORDER BY e.id)))
  FROM new_entries e
  GROUP BY e.store_id, e.vendor_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_audit" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "audit_ledger_entries"();--> statement-breakpoint
CREATE TRIGGER "stores_audit" AFTER INSERT OR UPDATE OR DELETE ON "stores" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('settings', 'id', '', 'id');--> statement-breakpoint
CREATE TRIGGER "vendors_audit" AFTER INSERT OR UPDATE OR DELETE ON "vendors" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('vendors', 'id', 'id');--> statement-breakpoint
CREATE TRIGGER "vendor_settings_audit" AFTER INSERT OR UPDATE OR DELETE ON "vendor_settings" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('vendors', 'vendor_id');--> statement-breakpoint
CREATE TRIGGER "users_audit" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('users');--> statement-breakpoint
CREATE TRIGGER "vendor_applications_audit" AFTER INSERT OR UPDATE OR DELETE ON "vendor_applications" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('vendors');--> statement-breakpoint
CREATE TRIGGER "products_audit" AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('products');--> statement-breakpoint
CREATE TRIGGER "product_variants_audit" AFTER INSERT OR UPDATE OR DELETE ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('products');--> statement-breakpoint
CREATE TRIGGER "orders_audit" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('orders');--> statement-breakpoint
CREATE TRIGGER "vendor_orders_audit" AFTER INSERT OR UPDATE OR DELETE ON "vendor_orders" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('orders');--> statement-breakpoint
CREATE TRIGGER "fulfillments_audit" AFTER INSERT OR UPDATE OR DELETE ON "fulfillments" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('orders');--> statement-breakpoint
CREATE TRIGGER "order_refunds_audit" AFTER INSERT OR UPDATE OR DELETE ON "order_refunds" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('orders');--> statement-breakpoint
CREATE TRIGGER "payouts_audit" AFTER INSERT OR UPDATE OR DELETE ON "payouts" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('finance');--> statement-breakpoint
CREATE TRIGGER "offers_audit" AFTER INSERT OR UPDATE OR DELETE ON "offers" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('offers');--> statement-breakpoint
CREATE TRIGGER "discounts_audit" AFTER INSERT OR UPDATE OR DELETE ON "discounts" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('discounts');--> statement-breakpoint
CREATE TRIGGER "delivery_zones_audit" AFTER INSERT OR UPDATE OR DELETE ON "delivery_zones" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('delivery');--> statement-breakpoint
CREATE TRIGGER "notification_templates_audit" AFTER INSERT OR UPDATE OR DELETE ON "notification_templates" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('notifications', 'template');--> statement-breakpoint
CREATE TRIGGER "metafield_definitions_audit" AFTER INSERT OR UPDATE OR DELETE ON "metafield_definitions" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('settings');--> statement-breakpoint
CREATE TRIGGER "integration_keys_audit" AFTER INSERT OR UPDATE OR DELETE ON "integration_keys" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('integrations', 'type');--> statement-breakpoint
CREATE TRIGGER "payment_provider_keys_audit" AFTER INSERT OR UPDATE OR DELETE ON "payment_provider_keys" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('payments', 'provider');--> statement-breakpoint
CREATE TRIGGER "vendor_payout_accounts_audit" AFTER INSERT OR UPDATE OR DELETE ON "vendor_payout_accounts" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('payments', 'provider');--> statement-breakpoint
CREATE TRIGGER "shippo_keys_audit" AFTER INSERT OR UPDATE OR DELETE ON "shippo_keys" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('shipping', 'owner');--> statement-breakpoint
CREATE TRIGGER "store_plans_audit" AFTER INSERT OR UPDATE OR DELETE ON "store_plans" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('membership', 'plan');--> statement-breakpoint
CREATE TRIGGER "vendor_memberships_audit" AFTER INSERT OR UPDATE OR DELETE ON "vendor_memberships" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('membership', 'vendor_id');--> statement-breakpoint
CREATE TRIGGER "banned_buyers_audit" AFTER INSERT OR UPDATE OR DELETE ON "banned_buyers" FOR EACH ROW EXECUTE FUNCTION "audit_row_change"('conversations', 'email');
