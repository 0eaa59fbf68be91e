-- Trigram operators for the words search (PGlite ships pg_trgm as a contrib extension, loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "parent_id" text;--> statement-breakpoint
CREATE INDEX "audit_log_store_parent_idx" ON "audit_log" USING btree ("store_id","parent_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "audit_log"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_store_area_idx" ON "audit_log" USING btree ("store_id","area","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_store_actor_kind_idx" ON "audit_log" USING btree ("store_id","actor_kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_search_idx" ON "audit_log" USING gin ("entity_label" gin_trgm_ops,"actor_name" gin_trgm_ops) WITH (gin_pending_list_limit=128);--> statement-breakpoint
-- As in 0038, and each record now keeps the currency of the row's money columns (the row's own
-- `currency`, or, for a variant or a vendor's order part, which have none, its product's or order's;
-- looked up only once the change is known to be recorded) and the object the row is a part of
-- (a variant's product, a vendor's settings' vendor), whose history then shows it.
CREATE OR REPLACE FUNCTION "audit_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  row_currency text := cur ->> 'currency';
  parent text := CASE TG_TABLE_NAME WHEN 'product_variants' THEN cur ->> 'product_id' WHEN 'vendor_settings' THEN cur ->> 'vendor_id' END;
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
  IF TG_TABLE_NAME = 'product_variants' THEN
    SELECT p.currency INTO row_currency FROM products p WHERE p.id = (cur ->> 'product_id')::uuid AND p.store_id = cur ->> 'store_id';
  ELSIF TG_TABLE_NAME = 'vendor_orders' THEN
    SELECT o.currency INTO row_currency FROM orders o WHERE o.id = (cur ->> 'order_id')::uuid AND o.store_id = cur ->> 'store_id';
  END IF;
  actor := audit_actor();
  INSERT INTO audit_log (store_id, xact_id, actor_kind, actor_user_id, actor_name, acting_vendor_id, request_id, source,
    area, entity, entity_id, entity_label, vendor_id, action, changes, currency, parent_id)
  VALUES (cur ->> store_col, txid_current(), actor ->> 'kind', (actor ->> 'userId')::uuid, actor ->> 'name',
    (actor ->> 'vendorId')::uuid, actor ->> 'requestId', actor ->> 'source',
    TG_ARGV[0], TG_TABLE_NAME, coalesce(cur ->> id_col, ''),
    coalesce(cur ->> 'title', cur ->> 'name', cur ->> 'order_name', cur ->> 'vendor_name', cur ->> 'code', cur ->> 'email', cur ->> 'sku', cur ->> 'shop_name'),
    CASE WHEN cur ->> vendor_col ~ '^[0-9a-f-]{36}$' THEN (cur ->> vendor_col)::uuid END,
    lower(TG_OP), changes, row_currency, parent);
  RETURN NULL;
END $$;
