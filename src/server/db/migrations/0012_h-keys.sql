-- h-keys: the schema ready for a PostgreSQL sharded by store (Citus, distribution column store_id).
-- Every tenant table's primary key becomes (id, store_id), every unique index includes store_id, and
-- foreign keys between tenant tables carry it: (store_id, x_id) -> parent(store_id, id). The key's own
-- column comes first so every lookup and join by id keeps its index on one PostgreSQL. Existing rows
-- keep their ids (unique on their own, so unique with the store too); the two tables that lacked
-- store_id take it from their user. Runs in the migrator's transaction: data that breaks a new key (a
-- row pointing at a parent of another store) stops the migration with the constraint's name instead
-- of being changed. See docs/architecture.md, "Sharding by store".
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_key_unique";
--> statement-breakpoint
ALTER TABLE "delivery_zones" DROP CONSTRAINT "delivery_zones_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "vendor_settings" DROP CONSTRAINT "vendor_settings_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "password_reset_codes" DROP CONSTRAINT "password_reset_codes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "vendor_applications" DROP CONSTRAINT "vendor_applications_decided_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_uploaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "product_exports" DROP CONSTRAINT "product_exports_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "product_exports" DROP CONSTRAINT "product_exports_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "product_translations" DROP CONSTRAINT "product_translations_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_approved_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "csv_imports" DROP CONSTRAINT "csv_imports_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "csv_imports" DROP CONSTRAINT "csv_imports_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "fulfillments" DROP CONSTRAINT "fulfillments_vendor_order_id_vendor_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_vendor_order_id_vendor_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "vendor_orders" DROP CONSTRAINT "vendor_orders_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "vendor_orders" DROP CONSTRAINT "vendor_orders_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_vendor_id_vendors_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_vendor_order_id_vendor_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_order_line_id_order_lines_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_refund_id_order_refunds_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_payout_id_payouts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_vendor_id_vendors_id_fk";
--> statement-breakpoint
DROP INDEX "refresh_tokens_hash_uq";
--> statement-breakpoint
DROP INDEX "vendor_applications_confirm_uq";
--> statement-breakpoint
DROP INDEX "product_translations_product_locale_key_uq";
--> statement-breakpoint
DROP INDEX "vendor_orders_order_vendor_uq";
--> statement-breakpoint
DROP INDEX "ledger_reverses_uq";
--> statement-breakpoint
ALTER TABLE "app_events" DROP CONSTRAINT "app_events_pkey";
--> statement-breakpoint
ALTER TABLE "delivery_zones" DROP CONSTRAINT "delivery_zones_pkey";
--> statement-breakpoint
ALTER TABLE "metafield_definitions" DROP CONSTRAINT "metafield_definitions_pkey";
--> statement-breakpoint
ALTER TABLE "vendor_settings" DROP CONSTRAINT "vendor_settings_pkey";
--> statement-breakpoint
ALTER TABLE "vendors" DROP CONSTRAINT "vendors_pkey";
--> statement-breakpoint
ALTER TABLE "password_reset_codes" DROP CONSTRAINT "password_reset_codes_pkey";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_pkey";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_pkey";
--> statement-breakpoint
ALTER TABLE "vendor_applications" DROP CONSTRAINT "vendor_applications_pkey";
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_pkey";
--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_pkey";
--> statement-breakpoint
ALTER TABLE "public_messages" DROP CONSTRAINT "public_messages_pkey";
--> statement-breakpoint
ALTER TABLE "product_exports" DROP CONSTRAINT "product_exports_pkey";
--> statement-breakpoint
ALTER TABLE "product_logs" DROP CONSTRAINT "product_logs_pkey";
--> statement-breakpoint
ALTER TABLE "product_translations" DROP CONSTRAINT "product_translations_pkey";
--> statement-breakpoint
ALTER TABLE "product_variants" DROP CONSTRAINT "product_variants_pkey";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_pkey";
--> statement-breakpoint
ALTER TABLE "csv_imports" DROP CONSTRAINT "csv_imports_pkey";
--> statement-breakpoint
ALTER TABLE "storefront_listings" DROP CONSTRAINT "storefront_listings_pkey";
--> statement-breakpoint
ALTER TABLE "fulfillments" DROP CONSTRAINT "fulfillments_pkey";
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_pkey";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_pkey";
--> statement-breakpoint
ALTER TABLE "vendor_orders" DROP CONSTRAINT "vendor_orders_pkey";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_pkey";
--> statement-breakpoint
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_pkey";
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_pkey";
--> statement-breakpoint
-- Every mail has had a store; a row without one could never be listed (the outbox is read per store).
DELETE FROM "outbox_emails" WHERE "store_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD COLUMN "store_id" text;
--> statement-breakpoint
UPDATE "password_reset_codes" p SET "store_id" = u."store_id" FROM "users" u WHERE u."id" = p."user_id";
--> statement-breakpoint
ALTER TABLE "password_reset_codes" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "store_id" text;
--> statement-breakpoint
UPDATE "refresh_tokens" r SET "store_id" = u."store_id" FROM "users" u WHERE u."id" = r."user_id";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "app_events" ADD CONSTRAINT "app_events_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "metafield_definitions" ADD CONSTRAINT "metafield_definitions_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "vendor_settings" ADD CONSTRAINT "vendor_settings_vendor_id_store_id_pk" PRIMARY KEY("vendor_id","store_id");
--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD CONSTRAINT "vendor_applications_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "public_messages" ADD CONSTRAINT "public_messages_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "product_exports" ADD CONSTRAINT "product_exports_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "product_logs" ADD CONSTRAINT "product_logs_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "csv_imports" ADD CONSTRAINT "csv_imports_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "storefront_listings" ADD CONSTRAINT "storefront_listings_product_id_store_id_pk" PRIMARY KEY("product_id","store_id");
--> statement-breakpoint
ALTER TABLE "fulfillments" ADD CONSTRAINT "fulfillments_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_id_store_id_pk" PRIMARY KEY("id","store_id");
--> statement-breakpoint
-- A composite key's SET NULL clears only the user or vendor column (PostgreSQL 15+), never store_id.
--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vendor_settings" ADD CONSTRAINT "vendor_settings_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD CONSTRAINT "password_reset_codes_store_id_user_id_users_store_id_id_fk" FOREIGN KEY ("store_id","user_id") REFERENCES "public"."users"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_store_id_user_id_users_store_id_id_fk" FOREIGN KEY ("store_id","user_id") REFERENCES "public"."users"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vendor_applications" ADD CONSTRAINT "vendor_applications_store_id_decided_by_users_store_id_id_fk" FOREIGN KEY ("store_id","decided_by") REFERENCES "public"."users"("store_id","id") ON DELETE SET NULL ("decided_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_store_id_uploaded_by_users_store_id_id_fk" FOREIGN KEY ("store_id","uploaded_by") REFERENCES "public"."users"("store_id","id") ON DELETE SET NULL ("uploaded_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE SET NULL ("vendor_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_exports" ADD CONSTRAINT "product_exports_store_id_user_id_users_store_id_id_fk" FOREIGN KEY ("store_id","user_id") REFERENCES "public"."users"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_exports" ADD CONSTRAINT "product_exports_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_store_id_product_id_products_store_id_id_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_store_id_product_id_products_store_id_id_fk" FOREIGN KEY ("store_id","product_id") REFERENCES "public"."products"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_approved_by_users_store_id_id_fk" FOREIGN KEY ("store_id","approved_by") REFERENCES "public"."users"("store_id","id") ON DELETE SET NULL ("approved_by") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csv_imports" ADD CONSTRAINT "csv_imports_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csv_imports" ADD CONSTRAINT "csv_imports_store_id_user_id_users_store_id_id_fk" FOREIGN KEY ("store_id","user_id") REFERENCES "public"."users"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fulfillments" ADD CONSTRAINT "fulfillments_store_id_vendor_order_id_vendor_orders_store_id_id_fk" FOREIGN KEY ("store_id","vendor_order_id") REFERENCES "public"."vendor_orders"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_store_id_order_id_orders_store_id_id_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_store_id_vendor_order_id_vendor_orders_store_id_id_fk" FOREIGN KEY ("store_id","vendor_order_id") REFERENCES "public"."vendor_orders"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_store_id_order_id_orders_store_id_id_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vendor_orders" ADD CONSTRAINT "vendor_orders_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_store_id_order_id_orders_store_id_id_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_store_id_vendor_order_id_vendor_orders_store_id_id_fk" FOREIGN KEY ("store_id","vendor_order_id") REFERENCES "public"."vendor_orders"("store_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_store_id_order_line_id_order_lines_store_id_id_fk" FOREIGN KEY ("store_id","order_line_id") REFERENCES "public"."order_lines"("store_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_store_id_refund_id_order_refunds_store_id_id_fk" FOREIGN KEY ("store_id","refund_id") REFERENCES "public"."order_refunds"("store_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_store_id_payout_id_payouts_store_id_id_fk" FOREIGN KEY ("store_id","payout_id") REFERENCES "public"."payouts"("store_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_store_id_reverses_entry_id_ledger_entries_store_id_id_fk" FOREIGN KEY ("store_id","reverses_entry_id") REFERENCES "public"."ledger_entries"("store_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_store_id_order_id_orders_store_id_id_fk" FOREIGN KEY ("store_id","order_id") REFERENCES "public"."orders"("store_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_store_id_vendor_id_vendors_store_id_id_fk" FOREIGN KEY ("store_id","vendor_id") REFERENCES "public"."vendors"("store_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_store_uq" ON "files" USING btree ("key","store_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash","store_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_applications_confirm_uq" ON "vendor_applications" USING btree ("confirm_token_hash","store_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "product_translations_product_locale_key_uq" ON "product_translations" USING btree ("product_id","locale","key","store_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_orders_order_vendor_uq" ON "vendor_orders" USING btree ("order_id","vendor_id","store_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_reverses_uq" ON "ledger_entries" USING btree ("reverses_entry_id","store_id") WHERE "ledger_entries"."reverses_entry_id" is not null;
