var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/server/config.ts
import { z } from "zod";
import path from "node:path";
var bool = z.enum(["true", "false", "1", "0", ""]).optional().transform((v2) => v2 === "true" || v2 === "1");
var EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3e3),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("no-reply@marketplace.local"),
  DEFAULT_STORE: z.string().optional(),
  DEMO_PASSWORD: z.string().min(8).default("demo-password-123"),
  SEED_DEMO: z.enum(["auto", "true", "false"]).default("auto"),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  SHOPIFY_API_KEY: z.string().default(""),
  SHOPIFY_API_SECRET: z.string().default(""),
  SHOPIFY_SCOPES: z.string().default("read_products,write_products,read_orders,write_orders"),
  SHOPIFY_ADMIN_BASE_URL: z.string().url().optional(),
  /** The Admin GraphQL version the product sync speaks (productSet with synchronous mode needs 2024-07 or later). */
  SHOPIFY_API_VERSION: z.string().regex(/^\d{4}-\d{2}$/).default("2025-07"),
  BACKGROUND_REMOVAL: z.enum(["local", "remote"]).default("local"),
  REMOVE_BG_API_KEY: z.string().default(""),
  REMOVE_BG_URL: z.string().url().default("https://api.remove.bg"),
  /** Stripe's API host (an in-process fake in tests). */
  STRIPE_API_URL: z.string().url().default("https://api.stripe.com"),
  /** PayPal's API host for every store, instead of the sandbox or live host its keys choose (a fake in tests). */
  PAYPAL_API_URL: z.string().url().optional(),
  /** How long a provider payout may stay unconfirmed before the recovery asks the provider about it. */
  PAYOUT_RECOVERY_AFTER_SECONDS: z.coerce.number().int().min(0).default(60),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().default("./dist/web"),
  /** How long a SIGTERM may take (requests in flight, the job in progress) before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1e3).default(25e3)
});
function loadConfig(env = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:
${lines}`);
  }
  const e = parsed.data;
  if (e.BACKGROUND_REMOVAL === "remote" && !e.REMOVE_BG_API_KEY) {
    throw new Error("Invalid configuration:\n  REMOVE_BG_API_KEY: required when BACKGROUND_REMOVAL=remote");
  }
  if (e.STORAGE === "s3" && !e.S3_BUCKET) {
    throw new Error("Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3");
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: path.join(dataDir, "files"),
    databaseUrl: e.DATABASE_URL,
    /** The origin used in links we send (mails, signed URLs); never taken from the Host header. */
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === "0.0.0.0" ? "127.0.0.1" : e.HOST}:${e.PORT}`).replace(/\/$/, ""),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    defaultStore: e.DEFAULT_STORE,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    storage: e.STORAGE,
    s3: e.S3_BUCKET ? {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE
    } : void 0,
    shopify: {
      apiKey: e.SHOPIFY_API_KEY,
      apiSecret: e.SHOPIFY_API_SECRET,
      scopes: e.SHOPIFY_SCOPES,
      /** Where server-to-server admin calls go instead of https://{shop} (an in-process fake in tests). */
      adminBaseUrl: e.SHOPIFY_ADMIN_BASE_URL,
      apiVersion: e.SHOPIFY_API_VERSION
    },
    backgroundRemoval: {
      kind: e.BACKGROUND_REMOVAL,
      apiKey: e.REMOVE_BG_API_KEY,
      baseUrl: e.REMOVE_BG_URL.replace(/\/$/, "")
    },
    payments: {
      stripeApiUrl: e.STRIPE_API_URL.replace(/\/$/, ""),
      paypalApiUrl: e.PAYPAL_API_URL?.replace(/\/$/, ""),
      recoveryAfterSeconds: e.PAYOUT_RECOVERY_AFTER_SECONDS
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS
  };
}

// src/server/db/client.ts
import path2 from "node:path";
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

// src/server/db/schema/index.ts
var schema_exports = {};
__export(schema_exports, {
  appEvents: () => appEvents,
  appSecrets: () => appSecrets,
  csvImports: () => csvImports,
  deliveryZones: () => deliveryZones,
  files: () => files,
  fulfillments: () => fulfillments,
  jobs: () => jobs,
  ledgerEntries: () => ledgerEntries,
  loginFailures: () => loginFailures,
  metafieldDefinitions: () => metafieldDefinitions,
  notificationTemplates: () => notificationTemplates,
  oauthStates: () => oauthStates,
  orderLines: () => orderLines,
  orderRefunds: () => orderRefunds,
  orders: () => orders,
  outboxEmails: () => outboxEmails,
  passwordResetCodes: () => passwordResetCodes,
  paymentProviderKeys: () => paymentProviderKeys,
  payouts: () => payouts,
  platformInstallations: () => platformInstallations,
  productExports: () => productExports,
  productLogs: () => productLogs,
  productTranslations: () => productTranslations,
  productVariants: () => productVariants,
  products: () => products,
  publicMessages: () => publicMessages,
  rateLimitHits: () => rateLimitHits,
  refreshTokens: () => refreshTokens,
  storeHosts: () => storeHosts,
  storefrontListings: () => storefrontListings,
  stores: () => stores,
  users: () => users,
  vendorApplications: () => vendorApplications,
  vendorOrders: () => vendorOrders,
  vendorPayoutAccounts: () => vendorPayoutAccounts,
  vendorSettings: () => vendorSettings,
  vendors: () => vendors
});

// src/server/db/schema/stores.ts
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
var stores = pgTable("stores", {
  id: text("id").primaryKey(),
  shopName: text("shop_name").notNull(),
  /** The storefront platform's shop domain (e.g. x.myshopify.com) when installed there. */
  platformShop: text("platform_shop").unique(),
  /** The settings object of spec §3, stored whole; defaults are merged in on read. */
  settings: jsonb("settings").$type().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
});
var storeHosts = pgTable("store_hosts", {
  host: text("host").primaryKey(),
  storeId: text("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" })
});
var vendors = pgTable(
  "vendors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    /** The vendor value the spec and the storefront platform use to name a vendor. */
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex("vendors_store_name_uq").on(t.storeId, t.name), index("vendors_store_created_idx").on(t.storeId, t.createdAt)]
);
var vendorSettings = pgTable("vendor_settings", {
  vendorId: uuid("vendor_id").primaryKey().references(() => vendors.id, { onDelete: "cascade" }),
  storeId: text("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
  settings: jsonb("settings").$type().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
});
var deliveryZones = pgTable(
  "delivery_zones",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    vendorId: uuid("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
    /** The zone object of the spec: zoneName, rates, countries. */
    zone: jsonb("zone").$type().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index("delivery_zones_store_vendor_idx").on(t.storeId, t.vendorId)]
);
var metafieldDefinitions = pgTable(
  "metafield_definitions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    owner: text("owner").$type().notNull(),
    key: text("key").notNull(),
    /** The definition object of the spec (name, type, description, link, options, flags...). */
    definition: jsonb("definition").$type().notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex("metafield_definitions_store_owner_key_uq").on(t.storeId, t.owner, t.key)]
);
var notificationTemplates = pgTable(
  "notification_templates",
  {
    storeId: text("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    template: text("template").notNull(),
    subject: text("subject"),
    htmlBody: text("html_body"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey({ columns: [t.storeId, t.template] })]
);
var appEvents = pgTable(
  "app_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: text("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    userId: uuid("user_id"),
    event: text("event").notNull(),
    properties: jsonb("properties").$type().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index("app_events_store_created_idx").on(t.storeId, t.createdAt)]
);

// src/server/db/schema/auth.ts
import { boolean as boolean2, index as index2, integer as integer2, pgTable as pgTable2, text as text2, timestamp as timestamp2, uniqueIndex as uniqueIndex2, uuid as uuid2 } from "drizzle-orm/pg-core";
var users = pgTable2(
  "users",
  {
    id: uuid2("id").primaryKey().defaultRandom(),
    storeId: text2("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    /** Stored lowercased: users type their address in any case. */
    email: text2("email").notNull(),
    name: text2("name"),
    /** Null until the user sets a password through an invite or reset code. */
    passwordHash: text2("password_hash"),
    isAdmin: boolean2("is_admin").notNull().default(false),
    /** The vendor this user acts for; null for an admin, who sees the marketplace view. */
    vendorId: uuid2("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
    disabledAt: timestamp2("disabled_at", { withTimezone: true }),
    createdAt: timestamp2("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex2("users_store_email_uq").on(t.storeId, t.email), index2("users_vendor_idx").on(t.vendorId), index2("users_email_idx").on(t.email)]
);
var refreshTokens = pgTable2(
  "refresh_tokens",
  {
    id: uuid2("id").primaryKey().defaultRandom(),
    userId: uuid2("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid2("family_id").notNull(),
    tokenHash: text2("token_hash").notNull(),
    /** The vendor view the session was in, so a refresh keeps an admin's switched vendor. */
    vendorView: text2("vendor_view"),
    expiresAt: timestamp2("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp2("used_at", { withTimezone: true }),
    revokedAt: timestamp2("revoked_at", { withTimezone: true }),
    createdAt: timestamp2("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex2("refresh_tokens_hash_uq").on(t.tokenHash), index2("refresh_tokens_family_idx").on(t.familyId), index2("refresh_tokens_user_idx").on(t.userId)]
);
var passwordResetCodes = pgTable2(
  "password_reset_codes",
  {
    id: uuid2("id").primaryKey().defaultRandom(),
    userId: uuid2("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    codeHash: text2("code_hash").notNull(),
    /** Invites live longer than reset codes; the purpose decides the mail and the lifetime. */
    purpose: text2("purpose").$type().notNull().default("reset"),
    attempts: integer2("attempts").notNull().default(0),
    expiresAt: timestamp2("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp2("used_at", { withTimezone: true }),
    createdAt: timestamp2("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index2("password_reset_codes_user_idx").on(t.userId, t.createdAt)]
);
var loginFailures = pgTable2(
  "login_failures",
  {
    id: uuid2("id").primaryKey().defaultRandom(),
    key: text2("key").notNull(),
    failedAt: timestamp2("failed_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index2("login_failures_key_idx").on(t.key, t.failedAt)]
);
var appSecrets = pgTable2("app_secrets", {
  name: text2("name").primaryKey(),
  value: text2("value").notNull(),
  createdAt: timestamp2("created_at", { withTimezone: true }).notNull().defaultNow()
});

// src/server/db/schema/registration.ts
import { sql } from "drizzle-orm";
import { index as index3, jsonb as jsonb2, pgTable as pgTable3, text as text3, timestamp as timestamp3, uniqueIndex as uniqueIndex3, uuid as uuid3 } from "drizzle-orm/pg-core";
var vendorApplications = pgTable3(
  "vendor_applications",
  {
    id: uuid3("id").primaryKey().defaultRandom(),
    storeId: text3("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    email: text3("email").notNull(),
    vendorName: text3("vendor_name").notNull(),
    fields: jsonb2("fields").$type().notNull().default([]),
    status: text3("status").$type().notNull().default("pending"),
    decidedBy: uuid3("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp3("decided_at", { withTimezone: true }),
    /** SHA-256 of the single-use link mailed to confirm the address; cleared once confirmed. */
    confirmTokenHash: text3("confirm_token_hash"),
    /** An unconfirmed application past this moment is gone (it frees the address for a new one). */
    confirmExpiresAt: timestamp3("confirm_expires_at", { withTimezone: true }),
    confirmedAt: timestamp3("confirmed_at", { withTimezone: true }),
    createdAt: timestamp3("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index3("vendor_applications_store_status_idx").on(t.storeId, t.status, t.createdAt),
    // One application waiting per address and store, whatever process takes the form.
    uniqueIndex3("vendor_applications_open_uq").on(t.storeId, t.email).where(sql`status in ('unconfirmed', 'pending')`),
    uniqueIndex3("vendor_applications_confirm_uq").on(t.confirmTokenHash)
  ]
);

// src/server/db/schema/files.ts
import { bigint, index as index4, pgTable as pgTable4, text as text4, timestamp as timestamp4, uuid as uuid4 } from "drizzle-orm/pg-core";
var files = pgTable4(
  "files",
  {
    id: uuid4("id").primaryKey().defaultRandom(),
    storeId: text4("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    /** Storage key, e.g. "demo/product-images/<uuid>.png". */
    key: text4("key").notNull().unique(),
    proxy: text4("proxy").notNull(),
    contentType: text4("content_type").notNull(),
    originalName: text4("original_name").notNull().default(""),
    size: bigint("size", { mode: "number" }),
    uploadedBy: uuid4("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    vendorId: uuid4("vendor_id").references(() => vendors.id, { onDelete: "set null" }),
    completedAt: timestamp4("completed_at", { withTimezone: true }),
    createdAt: timestamp4("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index4("files_store_created_idx").on(t.storeId, t.createdAt)]
);

// src/server/db/schema/mail.ts
import { index as index5, integer as integer3, jsonb as jsonb3, pgTable as pgTable5, text as text5, timestamp as timestamp5, uniqueIndex as uniqueIndex4, uuid as uuid5 } from "drizzle-orm/pg-core";
var outboxEmails = pgTable5(
  "outbox_emails",
  {
    id: uuid5("id").primaryKey().defaultRandom(),
    storeId: text5("store_id").references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    template: text5("template").notNull(),
    toAddress: text5("to_address").notNull(),
    fromAddress: text5("from_address").notNull(),
    subject: text5("subject").notNull(),
    /** What admins read: a template's secret variables (codes, links that grant access) masked. */
    html: text5("html").notNull(),
    text: text5("text").notNull().default(""),
    /**
     * The mail as the embedded outbox delivered it, secrets included, when it differs from the masked
     * copy: the only place an install without SMTP keeps it. No API reads these columns; with SMTP
     * they stay null (the real mail has left).
     */
    deliveredHtml: text5("delivered_html"),
    deliveredText: text5("delivered_text"),
    transport: text5("transport").$type().notNull(),
    /** Why a mail could not be rendered or sent, for the admin's outbox view. */
    error: text5("error"),
    createdAt: timestamp5("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index5("outbox_emails_store_created_idx").on(t.storeId, t.createdAt)]
);
var jobs = pgTable5(
  "jobs",
  {
    id: uuid5("id").primaryKey().defaultRandom(),
    type: text5("type").notNull(),
    payload: jsonb3("payload").$type().notNull().default({}),
    /** Two enqueues with the same key make one job (e.g. one mail per event). */
    dedupeKey: text5("dedupe_key"),
    status: text5("status").$type().notNull().default("pending"),
    attempts: integer3("attempts").notNull().default(0),
    maxAttempts: integer3("max_attempts").notNull().default(5),
    runAt: timestamp5("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp5("locked_until", { withTimezone: true }),
    lastError: text5("last_error"),
    finishedAt: timestamp5("finished_at", { withTimezone: true }),
    createdAt: timestamp5("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex4("jobs_dedupe_uq").on(t.dedupeKey), index5("jobs_pending_idx").on(t.status, t.runAt)]
);

// src/server/db/schema/public.ts
import { sql as sql2 } from "drizzle-orm";
import { index as index6, jsonb as jsonb4, pgTable as pgTable6, text as text6, timestamp as timestamp6, uniqueIndex as uniqueIndex5, uuid as uuid6 } from "drizzle-orm/pg-core";
var publicMessages = pgTable6(
  "public_messages",
  {
    id: uuid6("id").primaryKey().defaultRandom(),
    storeId: text6("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    kind: text6("kind").$type().notNull(),
    email: text6("email"),
    body: text6("body"),
    data: jsonb4("data").$type(),
    createdAt: timestamp6("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index6("public_messages_store_created_idx").on(t.storeId, t.createdAt),
    // Subscribing twice is harmless and keeps one row, even when two requests race.
    uniqueIndex5("public_messages_subscribe_uq").on(t.storeId, t.email).where(sql2`kind = 'subscribe'`)
  ]
);
var oauthStates = pgTable6(
  "oauth_states",
  {
    state: text6("state").primaryKey(),
    shop: text6("shop").notNull(),
    /** 'install': a marketplace installs the app; 'seller': a vendor connects its own shop. */
    purpose: text6("purpose").$type().notNull().default("install"),
    expiresAt: timestamp6("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp6("used_at", { withTimezone: true })
  },
  (t) => [index6("oauth_states_expires_idx").on(t.expiresAt)]
);
var platformInstallations = pgTable6("platform_installations", {
  shop: text6("shop").primaryKey(),
  storeId: text6("store_id").references(() => stores.id, { onDelete: "set null", onUpdate: "cascade" }),
  /** 'marketplace': the shop is a marketplace's storefront; 'seller': a vendor's own shop it syncs products from. */
  kind: text6("kind").$type().notNull().default("marketplace"),
  accessTokenEnc: text6("access_token_enc").notNull(),
  scope: text6("scope").notNull().default(""),
  plan: text6("plan"),
  installedAt: timestamp6("installed_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp6("updated_at", { withTimezone: true }).notNull().defaultNow()
});

// src/server/db/schema/products.ts
import { sql as sql3 } from "drizzle-orm";
import {
  bigint as bigint2,
  boolean as boolean3,
  customType,
  doublePrecision,
  index as index7,
  integer as integer4,
  jsonb as jsonb5,
  pgTable as pgTable7,
  text as text7,
  timestamp as timestamp7,
  uniqueIndex as uniqueIndex6,
  uuid as uuid7
} from "drizzle-orm/pg-core";
var tsvector = customType({ dataType: () => "tsvector" });
var products = pgTable7(
  "products",
  {
    id: uuid7("id").primaryKey().defaultRandom(),
    storeId: text7("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    vendorId: uuid7("vendor_id").notNull().references(() => vendors.id, { onDelete: "cascade" }),
    /** URL handle, unique per store, generated from the title (-2, -3... on a clash). */
    handle: text7("handle").notNull(),
    title: text7("title").notNull(),
    bodyHtml: text7("body_html").notNull().default(""),
    status: text7("status").$type().notNull().default("DRAFT"),
    /** Moderation: only approved and ACTIVE products are public. */
    approved: boolean3("approved").notNull().default(false),
    approvedAt: timestamp7("approved_at", { withTimezone: true }),
    approvedBy: uuid7("approved_by").references(() => users.id, { onDelete: "set null" }),
    /** The note of the last approve/unapprove action (mailed to the vendor). */
    approvalNote: text7("approval_note"),
    seo: jsonb5("seo").$type().notNull().default({ title: "", description: "" }),
    options: jsonb5("options").$type().notNull().default([]),
    media: jsonb5("media").$type().notNull().default([]),
    metafields: jsonb5("metafields").$type().notNull().default([]),
    /** Minor units of the store currency; the cheapest and dearest variant. */
    priceMin: bigint2("price_min", { mode: "number" }).notNull().default(0),
    priceMax: bigint2("price_max", { mode: "number" }).notNull().default(0),
    variantsCount: integer4("variants_count").notNull().default(0),
    /** Sum of the stock of the variants that track stock. */
    totalStock: integer4("total_stock").notNull().default(0),
    /** Sellable: some variant does not track stock or has stock left (the list's stock filter). */
    inStock: boolean3("in_stock").notNull().default(false),
    search: tsvector("search").generatedAlwaysAs(
      sql3`setweight(to_tsvector('simple'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('simple'::regconfig, left(regexp_replace(coalesce(body_html, ''), '<[^>]*>', ' ', 'g'), 20000)), 'B')`
    ),
    createdAt: timestamp7("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp7("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex6("products_store_handle_uq").on(t.storeId, t.handle),
    // One index per list order, with and without the vendor (vendor screens and the marketplace view).
    index7("products_store_vendor_status_updated_idx").on(t.storeId, t.vendorId, t.status, t.updatedAt, t.id),
    index7("products_store_status_updated_idx").on(t.storeId, t.status, t.updatedAt, t.id),
    index7("products_store_vendor_status_title_idx").on(t.storeId, t.vendorId, t.status, sql3`lower(${t.title})`, t.id),
    index7("products_store_status_title_idx").on(t.storeId, t.status, sql3`lower(${t.title})`, t.id),
    index7("products_store_vendor_status_created_idx").on(t.storeId, t.vendorId, t.status, t.createdAt, t.id),
    index7("products_store_status_created_idx").on(t.storeId, t.status, t.createdAt, t.id),
    // Out of stock is the exception: a small partial index serves the "oos" filter without a long scan.
    index7("products_oos_idx").on(t.storeId, t.status, t.updatedAt, t.id).where(sql3`not ${t.inStock}`),
    index7("products_search_idx").using("gin", t.search)
  ]
);
var productVariants = pgTable7(
  "product_variants",
  {
    id: uuid7("id").primaryKey().defaultRandom(),
    productId: uuid7("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    storeId: text7("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    vendorId: uuid7("vendor_id").notNull().references(() => vendors.id, { onDelete: "cascade" }),
    sku: text7("sku").notNull().default(""),
    barcode: text7("barcode").notNull().default(""),
    /** Minor units of the store currency (19.99 EUR = 1999). */
    price: bigint2("price", { mode: "number" }).notNull(),
    compareAt: bigint2("compare_at", { mode: "number" }),
    /** The variant's value of each product option, in the options' order. */
    options: jsonb5("options").$type().notNull().default([]),
    taxable: boolean3("taxable").notNull().default(true),
    trackStock: boolean3("track_stock").notNull().default(false),
    stock: integer4("stock").notNull().default(0),
    requiresShipping: boolean3("requires_shipping").notNull().default(true),
    weight: doublePrecision("weight").notNull().default(0),
    weightUnit: text7("weight_unit").notNull().default("KILOGRAMS"),
    dimensions: jsonb5("dimensions").$type(),
    localPickup: jsonb5("local_pickup").$type().notNull().default({ enabled: false }),
    media: jsonb5("media").$type().notNull().default([]),
    metafields: jsonb5("metafields").$type().notNull().default([]),
    position: integer4("position").notNull().default(0),
    createdAt: timestamp7("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp7("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index7("product_variants_product_idx").on(t.productId, t.position),
    // Exact and prefix SKU search within a store (and the CSV import's lookup by SKU).
    index7("product_variants_store_sku_idx").on(t.storeId, sql3`lower(${t.sku}) text_pattern_ops`)
  ]
);
var productTranslations = pgTable7(
  "product_translations",
  {
    id: uuid7("id").primaryKey().defaultRandom(),
    productId: uuid7("product_id").notNull().references(() => products.id, { onDelete: "cascade" }),
    storeId: text7("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    locale: text7("locale").notNull(),
    key: text7("key").notNull(),
    value: text7("value").notNull(),
    digest: text7("digest").notNull(),
    updatedAt: timestamp7("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex6("product_translations_product_locale_key_uq").on(t.productId, t.locale, t.key)]
);
var productLogs = pgTable7(
  "product_logs",
  {
    id: uuid7("id").primaryKey().defaultRandom(),
    storeId: text7("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    productId: uuid7("product_id").notNull(),
    vendorId: uuid7("vendor_id"),
    userId: uuid7("user_id"),
    email: text7("email"),
    action: text7("action").notNull(),
    changes: jsonb5("changes").$type().notNull().default({}),
    note: text7("note"),
    createdAt: timestamp7("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index7("product_logs_product_created_idx").on(t.productId, t.createdAt)]
);
var productExports = pgTable7(
  "product_exports",
  {
    id: uuid7("id").primaryKey().defaultRandom(),
    kind: text7("kind").$type().notNull().default("products"),
    storeId: text7("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    /** The requester: only this user may read and download the export. */
    userId: uuid7("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The vendor scope at request time (null: the marketplace view). */
    vendorId: uuid7("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
    query: jsonb5("query").$type().notNull().default({}),
    status: text7("status").$type().notNull().default("pending"),
    total: integer4("total"),
    rowCount: integer4("row_count").notNull().default(0),
    parts: integer4("parts").notNull().default(0),
    cursor: text7("cursor"),
    error: text7("error"),
    createdAt: timestamp7("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp7("finished_at", { withTimezone: true })
  },
  (t) => [index7("product_exports_user_created_idx").on(t.storeId, t.userId, t.createdAt)]
);

// src/server/db/schema/imports.ts
import { index as index8, integer as integer5, jsonb as jsonb6, pgTable as pgTable8, text as text8, timestamp as timestamp8, uuid as uuid8 } from "drizzle-orm/pg-core";
var csvImports = pgTable8(
  "csv_imports",
  {
    id: uuid8("id").primaryKey().defaultRandom(),
    storeId: text8("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    /** The vendor the products go to; null for an admin importing in the marketplace view (vendor column). */
    vendorId: uuid8("vendor_id").references(() => vendors.id, { onDelete: "cascade" }),
    userId: uuid8("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    fileKey: text8("file_key").notNull(),
    fileName: text8("file_name").notNull().default(""),
    status: text8("status").$type().notNull().default("waiting"),
    format: text8("format"),
    rowCount: integer5("row_count").notNull().default(0),
    productCount: integer5("product_count").notNull().default(0),
    errorCount: integer5("error_count").notNull().default(0),
    /** The first problems found (the answer lists them; the count says how many in all). */
    errors: jsonb6("errors").$type().notNull().default([]),
    warnings: jsonb6("warnings").$type().notNull().default([]),
    /** Products handled so far by the import job: the screen's progress, and where a retried job resumes. */
    progress: integer5("progress").notNull().default(0),
    created: integer5("created").notNull().default(0),
    updated: integer5("updated").notNull().default(0),
    failed: jsonb6("failed").$type().notNull().default([]),
    createdAt: timestamp8("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp8("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index8("csv_imports_store_created_idx").on(t.storeId, t.createdAt)]
);

// src/server/db/schema/storefront.ts
import { index as index9, pgTable as pgTable9, text as text9, timestamp as timestamp9, uuid as uuid9 } from "drizzle-orm/pg-core";
var storefrontListings = pgTable9(
  "storefront_listings",
  {
    productId: uuid9("product_id").primaryKey(),
    storeId: text9("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    platform: text9("platform").$type().notNull().default("local"),
    /** The platform shop the product was pushed to (null for the local storefront). */
    shop: text9("shop"),
    /** The platform's global id of the product, e.g. gid://shopify/Product/123. */
    platformProductId: text9("platform_product_id"),
    state: text9("state").$type().notNull().default("unpublished"),
    /** The product's updated_at that the platform has. */
    syncedUpdatedAt: timestamp9("synced_updated_at", { withTimezone: true }),
    syncedAt: timestamp9("synced_at", { withTimezone: true }),
    lastError: text9("last_error"),
    lockedUntil: timestamp9("locked_until", { withTimezone: true }),
    createdAt: timestamp9("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index9("storefront_listings_store_idx").on(t.storeId, t.platform, t.state)]
);

// src/server/db/schema/orders.ts
import { sql as sql4 } from "drizzle-orm";
import { bigint as bigint3, index as index10, integer as integer6, jsonb as jsonb7, pgTable as pgTable10, text as text10, timestamp as timestamp10, uniqueIndex as uniqueIndex7, uuid as uuid10 } from "drizzle-orm/pg-core";
var orders = pgTable10(
  "orders",
  {
    id: uuid10("id").primaryKey().defaultRandom(),
    storeId: text10("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    source: text10("source").$type().notNull(),
    platformOrderId: text10("platform_order_id").notNull(),
    /** The number buyers and vendors quote, e.g. #1042. */
    name: text10("name").notNull(),
    currency: text10("currency").notNull(),
    customer: jsonb7("customer").$type().notNull(),
    shippingAddress: jsonb7("shipping_address").$type(),
    billingAddress: jsonb7("billing_address").$type(),
    subtotal: bigint3("subtotal", { mode: "number" }).notNull(),
    shipping: bigint3("shipping", { mode: "number" }).notNull().default(0),
    tax: bigint3("tax", { mode: "number" }).notNull().default(0),
    discount: bigint3("discount", { mode: "number" }).notNull().default(0),
    total: bigint3("total", { mode: "number" }).notNull(),
    placedAt: timestamp10("placed_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp10("cancelled_at", { withTimezone: true }),
    createdAt: timestamp10("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex7("orders_platform_uq").on(t.storeId, t.source, t.platformOrderId),
    index10("orders_store_placed_idx").on(t.storeId, t.placedAt, t.id),
    // q: a buyer's e-mail address.
    index10("orders_store_email_idx").on(t.storeId, sql4`lower(${t.customer}->>'email')`)
  ]
);
var vendorOrders = pgTable10(
  "vendor_orders",
  {
    id: uuid10("id").primaryKey().defaultRandom(),
    storeId: text10("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    orderId: uuid10("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    vendorId: uuid10("vendor_id").notNull().references(() => vendors.id, { onDelete: "restrict" }),
    orderName: text10("order_name").notNull(),
    fulfillment: text10("fulfillment").$type().notNull().default("unfulfilled"),
    payout: text10("payout").$type().notNull().default("due"),
    /** The payment that paid it (payouts.id), while `payout` is paid. */
    payoutId: uuid10("payout_id"),
    subtotal: bigint3("subtotal", { mode: "number" }).notNull(),
    discount: bigint3("discount", { mode: "number" }).notNull().default(0),
    tax: bigint3("tax", { mode: "number" }).notNull().default(0),
    shipping: bigint3("shipping", { mode: "number" }).notNull().default(0),
    commission: bigint3("commission", { mode: "number" }).notNull(),
    /** What the vendor earns on the order: subtotal − discount − commission (+ tax and shipping as the store's finance settings say, at payout). */
    vendorShare: bigint3("vendor_share", { mode: "number" }).notNull(),
    /** An admin's per-order commission (PUT orders/commission), null while the store's lines apply. */
    commissionOverride: jsonb7("commission_override").$type(),
    placedAt: timestamp10("placed_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp10("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex7("vendor_orders_order_vendor_uq").on(t.orderId, t.vendorId),
    // Payout last: a date range is counted by payout from the index alone.
    index10("vendor_orders_store_placed_idx").on(t.storeId, t.placedAt, t.id, t.payout),
    index10("vendor_orders_store_vendor_placed_idx").on(t.storeId, t.vendorId, t.placedAt, t.id, t.payout),
    // The fulfilment tabs and the payout filter, alone or within a vendor: each reads its own range in date order (and counts it without the table).
    index10("vendor_orders_store_fulfillment_placed_idx").on(t.storeId, t.fulfillment, t.placedAt, t.id),
    index10("vendor_orders_store_vendor_fulfillment_placed_idx").on(t.storeId, t.vendorId, t.fulfillment, t.placedAt, t.id),
    index10("vendor_orders_store_payout_placed_idx").on(t.storeId, t.payout, t.placedAt, t.id),
    index10("vendor_orders_store_vendor_payout_placed_idx").on(t.storeId, t.vendorId, t.payout, t.placedAt, t.id),
    // The orders waiting for a shipment (the next order to fulfil, the unfulfilled tab) are few among many shipped.
    index10("vendor_orders_open_idx").on(t.storeId, t.placedAt, t.id).where(sql4`${t.fulfillment} in ('unfulfilled', 'partial')`),
    index10("vendor_orders_vendor_open_idx").on(t.storeId, t.vendorId, t.placedAt, t.id).where(sql4`${t.fulfillment} in ('unfulfilled', 'partial')`),
    // q: an order number ("#1042", "1042", or its start).
    index10("vendor_orders_store_name_idx").on(t.storeId, sql4`lower(${t.orderName}) text_pattern_ops`)
  ]
);
var orderLines = pgTable10(
  "order_lines",
  {
    id: uuid10("id").primaryKey().defaultRandom(),
    storeId: text10("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    orderId: uuid10("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    vendorOrderId: uuid10("vendor_order_id").notNull().references(() => vendorOrders.id, { onDelete: "cascade" }),
    vendorId: uuid10("vendor_id").notNull().references(() => vendors.id, { onDelete: "restrict" }),
    platformLineId: text10("platform_line_id").notNull(),
    /** Our product and variant, when the line is one of ours (null: sold on the platform only). */
    productId: uuid10("product_id"),
    variantId: uuid10("variant_id"),
    sku: text10("sku").notNull().default(""),
    title: text10("title").notNull(),
    variantTitle: text10("variant_title").notNull().default(""),
    quantity: integer6("quantity").notNull(),
    fulfilledQuantity: integer6("fulfilled_quantity").notNull().default(0),
    /** Units refunded so far (their money is in the ledger's refund entries). */
    refundedQuantity: integer6("refunded_quantity").notNull().default(0),
    /** Unit price. */
    price: bigint3("price", { mode: "number" }).notNull(),
    /** Line totals. */
    discount: bigint3("discount", { mode: "number" }).notNull().default(0),
    tax: bigint3("tax", { mode: "number" }).notNull().default(0),
    commission: bigint3("commission", { mode: "number" }).notNull(),
    commissionLine: jsonb7("commission_line").$type().notNull(),
    position: integer6("position").notNull().default(0)
  },
  (t) => [index10("order_lines_vendor_order_idx").on(t.vendorOrderId, t.position)]
);
var fulfillments = pgTable10(
  "fulfillments",
  {
    id: uuid10("id").primaryKey().defaultRandom(),
    storeId: text10("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    vendorOrderId: uuid10("vendor_order_id").notNull().references(() => vendorOrders.id, { onDelete: "cascade" }),
    carrier: text10("carrier").notNull().default(""),
    tracking: text10("tracking").notNull().default(""),
    url: text10("url").notNull().default(""),
    lines: jsonb7("lines").$type().notNull(),
    createdBy: uuid10("created_by"),
    createdAt: timestamp10("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index10("fulfillments_vendor_order_idx").on(t.vendorOrderId, t.createdAt)]
);

// src/server/db/schema/finance.ts
import { sql as sql5 } from "drizzle-orm";
import { bigint as bigint4, boolean as boolean4, index as index11, jsonb as jsonb8, pgTable as pgTable11, text as text11, timestamp as timestamp11, uniqueIndex as uniqueIndex8, uuid as uuid11 } from "drizzle-orm/pg-core";
var payouts = pgTable11(
  "payouts",
  {
    id: uuid11("id").primaryKey().defaultRandom(),
    storeId: text11("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    vendorId: uuid11("vendor_id").notNull().references(() => vendors.id, { onDelete: "restrict" }),
    currency: text11("currency").notNull(),
    amount: bigint4("amount", { mode: "number" }).notNull(),
    method: text11("method").$type().notNull(),
    state: text11("state").$type().notNull().default("pending"),
    /** The manual payment's date and note (spec: manual {paidAt, details}). */
    paidAt: timestamp11("paid_at", { withTimezone: true }),
    details: text11("details").notNull().default(""),
    /** The vendor orders this payment settles. */
    vendorOrderIds: jsonb8("vendor_order_ids").$type().notNull(),
    createdBy: uuid11("created_by"),
    createdAt: timestamp11("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a manual payment is deleted (DELETE payment/manual): its entry is reversed, its orders due again. */
    reversedAt: timestamp11("reversed_at", { withTimezone: true }),
    /** The provider's id of the payment: the Stripe transfer (tr_...) or the PayPal batch. */
    providerRef: text11("provider_ref"),
    /** Where the payment goes: the Stripe account or the PayPal receiver, frozen when it is recorded. */
    destination: text11("destination"),
    /** The provider's last answer when it refused or failed. */
    message: text11("message")
  },
  (t) => [
    index11("payouts_store_vendor_created_idx").on(t.storeId, t.vendorId, t.createdAt),
    // The recovery reads the payments still in flight, a handful among all.
    index11("payouts_pending_idx").on(t.storeId, t.createdAt).where(sql5`${t.state} = 'pending'`)
  ]
);
var orderRefunds = pgTable11(
  "order_refunds",
  {
    id: uuid11("id").primaryKey().defaultRandom(),
    storeId: text11("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    orderId: uuid11("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    /** The platform's refund id, or our own id for an admin's refund of a built-in storefront order. */
    sourceRefundId: text11("source_refund_id").notNull(),
    lines: jsonb8("lines").$type().notNull(),
    createdBy: uuid11("created_by"),
    createdAt: timestamp11("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex8("order_refunds_source_uq").on(t.storeId, t.orderId, t.sourceRefundId)]
);
var ledgerEntries = pgTable11(
  "ledger_entries",
  {
    id: uuid11("id").primaryKey().defaultRandom(),
    storeId: text11("store_id").notNull().references(() => stores.id, { onUpdate: "cascade" }),
    vendorId: uuid11("vendor_id").notNull().references(() => vendors.id, { onDelete: "restrict" }),
    currency: text11("currency").notNull(),
    amount: bigint4("amount_minor", { mode: "number" }).notNull(),
    kind: text11("kind").$type().notNull(),
    /** Counts in the vendor's balance (what a payout pays): financeConfig's *InPayout for tax, shipping and discount. */
    inPayout: boolean4("in_payout").notNull(),
    /** Counts in the sales figure: financeConfig's include* for tax, shipping and discount. */
    inSales: boolean4("in_sales").notNull(),
    orderId: uuid11("order_id").references(() => orders.id),
    vendorOrderId: uuid11("vendor_order_id").references(() => vendorOrders.id),
    orderLineId: uuid11("order_line_id").references(() => orderLines.id),
    /** The order number, kept with the entry for the search and the list. */
    orderName: text11("order_name").notNull().default(""),
    refundId: uuid11("refund_id").references(() => orderRefunds.id),
    payoutId: uuid11("payout_id").references(() => payouts.id),
    reversesEntryId: uuid11("reverses_entry_id").references(() => ledgerEntries.id),
    occurredAt: timestamp11("occurred_at", { withTimezone: true }).notNull(),
    createdAt: timestamp11("created_at", { withTimezone: true }).notNull().defaultNow(),
    memo: text11("memo").notNull().default("")
  },
  (t) => [
    // The transaction list, newest first, for the marketplace and for one vendor.
    index11("ledger_store_occurred_idx").on(t.storeId, t.occurredAt, t.id),
    index11("ledger_store_vendor_occurred_idx").on(t.storeId, t.vendorId, t.occurredAt, t.id),
    index11("ledger_store_kind_occurred_idx").on(t.storeId, t.kind, t.occurredAt, t.id),
    index11("ledger_vendor_order_idx").on(t.vendorOrderId),
    index11("ledger_payout_idx").on(t.payoutId).where(sql5`${t.payoutId} is not null`),
    index11("ledger_store_order_name_idx").on(t.storeId, sql5`lower(${t.orderName}) text_pattern_ops`),
    // An entry is reversed at most once: a cancellation delivered twice cannot take the money twice.
    uniqueIndex8("ledger_reverses_uq").on(t.reversesEntryId).where(sql5`${t.reversesEntryId} is not null`)
  ]
);

// src/server/db/schema/rate-limits.ts
import { index as index12, integer as integer7, pgTable as pgTable12, primaryKey as primaryKey2, text as text12, timestamp as timestamp12 } from "drizzle-orm/pg-core";
var rateLimitHits = pgTable12(
  "rate_limit_hits",
  {
    key: text12("key").notNull(),
    windowStart: timestamp12("window_start", { withTimezone: true }).notNull(),
    count: integer7("count").notNull().default(1),
    expiresAt: timestamp12("expires_at", { withTimezone: true }).notNull()
  },
  (t) => [primaryKey2({ columns: [t.key, t.windowStart] }), index12("rate_limit_hits_expires_idx").on(t.expiresAt)]
);

// src/server/db/schema/payments.ts
import { boolean as boolean5, pgTable as pgTable13, primaryKey as primaryKey3, text as text13, timestamp as timestamp13, uuid as uuid12 } from "drizzle-orm/pg-core";
var paymentProviderKeys = pgTable13(
  "payment_provider_keys",
  {
    storeId: text13("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    provider: text13("provider").$type().notNull(),
    /** The encrypted JSON of the credentials. */
    sealed: text13("sealed").notNull(),
    /** A Stripe test key (sk_test_) or a PayPal sandbox app. */
    isTest: boolean5("is_test").notNull(),
    updatedBy: uuid12("updated_by"),
    updatedAt: timestamp13("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey3({ columns: [t.storeId, t.provider] })]
);
var vendorPayoutAccounts = pgTable13(
  "vendor_payout_accounts",
  {
    storeId: text13("store_id").notNull().references(() => stores.id, { onDelete: "cascade", onUpdate: "cascade" }),
    vendorId: uuid12("vendor_id").notNull().references(() => vendors.id, { onDelete: "cascade" }),
    provider: text13("provider").$type().notNull(),
    /** Stripe: the connected account id; PayPal: the receiver (e-mail or Venmo handle). */
    accountRef: text13("account_ref").notNull(),
    /** PayPal: EMAIL or USER_HANDLE; Stripe: the country the account was made for. */
    kind: text13("kind").notNull().default(""),
    email: text13("email").notNull().default(""),
    /** Made under a Stripe test key or a PayPal sandbox. */
    isTest: boolean5("is_test").notNull(),
    createdAt: timestamp13("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [primaryKey3({ columns: [t.storeId, t.vendorId, t.provider] })]
);

// src/server/db/client.ts
var migrationsFolder = path2.join(path2.dirname(fileURLToPath(import.meta.url)), "migrations");
async function openDatabase(options) {
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle: drizzle2 } = await import("drizzle-orm/node-postgres");
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on("error", (error) => {
      if (error.code !== "57P01") console.error("PostgreSQL connection error:", error.message);
    });
    const db2 = drizzle2(pool, { schema: schema_exports });
    if (options.migrate !== false) {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      await migrate(drizzle2(pool), { migrationsFolder });
    }
    return { db: db2, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzle(client, { schema: schema_exports });
  if (options.migrate !== false) {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(drizzle(client), { migrationsFolder });
  }
  return { db, kind: "pglite", close: () => client.close() };
}

// src/server/app.ts
import Fastify from "fastify";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";

// src/server/jobs/queue.ts
import { sql as sql6 } from "drizzle-orm";
var STOP_GRACE_MS = 1e4;
var backoffSeconds = (attempt) => Math.min(3600, 10 * attempt * attempt);
var JobQueue = class {
  constructor(db, log, pollMs = 1e3) {
    this.db = db;
    this.log = log;
    this.pollMs = pollMs;
  }
  db;
  log;
  pollMs;
  handlers = /* @__PURE__ */ new Map();
  timer = null;
  running = null;
  stopped = true;
  stopping = new AbortController();
  /** Jobs this process has claimed and not finished: given back on stop if still running then. */
  claimed = /* @__PURE__ */ new Set();
  register(type, handler) {
    this.handlers.set(type, handler);
  }
  async enqueue(type, payload, options = {}, db = this.db) {
    await db.insert(jobs).values({
      type,
      payload,
      dedupeKey: options.dedupeKey,
      runAt: options.runAt ?? /* @__PURE__ */ new Date(),
      maxAttempts: options.maxAttempts ?? 5
    }).onConflictDoNothing();
    if (!this.stopped) setImmediate(() => this.kick());
  }
  /** Whether this process runs jobs (readiness reports it). */
  get isRunning() {
    return !this.stopped;
  }
  start() {
    this.stopped = false;
    this.stopping = new AbortController();
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }
  /**
   * Claims no more jobs, asks the one in progress to hand over (its signal), waits for it up to
   * `graceMs`, then gives back any claim still held, so another process runs it at once instead of
   * after the five-minute lease. The given-back attempt does not count against the job's attempts.
   */
  async stop(graceMs = STOP_GRACE_MS) {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.stopping.abort();
    const running = this.running;
    if (running) {
      let timer;
      const waited = await Promise.race([
        running.then(() => true),
        new Promise((resolve) => timer = setTimeout(() => resolve(false), graceMs))
      ]);
      clearTimeout(timer);
      if (!waited) this.log.warn({ jobs: [...this.claimed] }, "job still running at shutdown; giving its claim back");
    }
    await this.release();
  }
  async release() {
    const ids = [...this.claimed];
    if (ids.length === 0) return;
    this.claimed.clear();
    await this.db.execute(sql6`
      UPDATE jobs SET status = 'pending', attempts = greatest(attempts - 1, 0), locked_until = NULL, run_at = now()
      WHERE status = 'running' AND id IN (${sql6.join(
      ids.map((id) => sql6`${id}`),
      sql6`, `
    )})`);
  }
  /** Runs due jobs until none is left (tests call this instead of waiting for the poller). */
  async drain() {
    await this.running;
    let count2 = 0;
    const signal = new AbortController().signal;
    while (await this.runOne(signal)) count2++;
    return count2;
  }
  kick() {
    if (this.running) return;
    this.running = (async () => {
      try {
        while (!this.stopped && await this.runOne(this.stopping.signal)) ;
      } catch (error) {
        this.log.error({ err: error }, "job queue poll failed");
      } finally {
        this.running = null;
      }
    })();
  }
  async runOne(signal) {
    const result = await this.db.execute(sql6`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
      WHERE id = (
        SELECT id FROM jobs
        WHERE (status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now())
        ORDER BY run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, type, payload, attempts, max_attempts`);
    const job = result.rows[0];
    if (!job) return false;
    const handler = this.handlers.get(job.type);
    this.claimed.add(job.id);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job.payload, { id: job.id, attempts: job.attempts, signal });
      await this.db.execute(sql6`UPDATE jobs SET status = 'done', finished_at = now(), locked_until = NULL WHERE id = ${job.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = job.attempts >= job.max_attempts;
      this.log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: message }, "job failed");
      await this.db.execute(sql6`
        UPDATE jobs SET status = ${exhausted ? "failed" : "pending"}, last_error = ${message.slice(0, 2e3)},
          locked_until = NULL, run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)}),
          finished_at = ${exhausted ? sql6`now()` : null}
        WHERE id = ${job.id}`);
    } finally {
      this.claimed.delete(job.id);
    }
    return true;
  }
};

// src/server/modules/auth/tokens.ts
import { SignJWT, jwtVerify } from "jose";
var ACCESS_TOKEN_SECONDS = 15 * 60;
var REFRESH_TOKEN_DAYS = 30;
var TokenService = class {
  constructor(secret2, now = () => /* @__PURE__ */ new Date()) {
    this.now = now;
    this.key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret2), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  }
  now;
  /** Imported once: jose re-imports raw bytes on every call, which doubled the check every request makes. */
  key;
  async issue(claims) {
    const iat = Math.floor(this.now().getTime() / 1e3);
    const exp = iat + ACCESS_TOKEN_SECONDS;
    const { sub, ...rest } = claims;
    const token = await new SignJWT({ ...rest, typ: "access" }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(sub).setIssuedAt(iat).setExpirationTime(exp).sign(await this.key);
    return { token, exp };
  }
  /** Verifies signature (HS256 only: no "none", no algorithm confusion), expiry and token type. */
  async verify(token) {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ["HS256"], currentDate: this.now() });
      if (payload.typ !== "access" || typeof payload.sub !== "string" || typeof payload.store !== "string") return null;
      return payload;
    } catch {
      return null;
    }
  }
};

// src/server/modules/notifications/mailer.ts
import { and, eq as eq3 } from "drizzle-orm";

// src/shared/schemas/notifications.ts
import { z as z3 } from "zod";

// src/shared/messages.ts
var MSG = {
  required: "Required field",
  requiredShort: "Required",
  invalidEmail: "Must be a valid email",
  invalidUrl: "Must be a valid URL",
  passwordsDontMatch: "Passwords don't match",
  passwordTooShort: "Must be at least 8 characters",
  passwordTooLong: "Must be at most 128 characters",
  passwordTooCommon: "This password is too common, choose another one",
  registrationDisabled: "Vendor registration is currently disabled.",
  thankYou: "Thank you for your application, we'll get back to you shortly.",
  routerError: "Unexpected Application Error!",
  imageTooLarge: "Maximum image size is 20MB",
  imageTooManyPixels: "Maximum image size is 25MP",
  uploadFailed: "Your image could not be uploaded. The image must: maximum size 20MB (megabytes); maximum resolution 20MP (megapixels); aspect ratio between 100:1 and 1:100; file type accepted JPEG, PNG, WEBP, HEIC, and GIF.",
  invalidCredentials: "Invalid email or password",
  tooManyAttempts: "Too many attempts, please try again later",
  applicationWaiting: "An application for this e-mail address is already waiting",
  tooManyExports: "Too many exports: at most 10 an hour, please try again later",
  invalidCode: "This code is invalid or has expired",
  unknownStore: "Unknown store",
  signInRequired: "Sign in required",
  forbidden: "You do not have access to this",
  notFound: "Not found",
  nothingToPreview: "Nothing to preview",
  notAnImage: "Provided url is not an image",
  fileUploaded: "File uploaded"
};

// src/shared/schemas/common.ts
import { z as z2 } from "zod";
z2.config({ customError: (issue) => issue.code === "invalid_type" && issue.input === void 0 ? MSG.required : void 0 });
var requiredText = (max = 1e3) => z2.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, `Must be at most ${max} characters`);
var EmailSchema = z2.string({ error: MSG.required }).trim().min(1, MSG.required).max(254, MSG.invalidEmail).toLowerCase().pipe(z2.email({ error: MSG.invalidEmail }));
var StoreIdSchema = z2.string({ error: MSG.required }).trim().min(1, MSG.required).max(100).regex(/^[a-z0-9][a-z0-9-_.]*$/i, MSG.unknownStore);
var UrlSchema = z2.url({ error: MSG.invalidUrl });
var HexColorSchema = z2.string().regex(/^#[0-9a-fA-F]{6}$/, "Must match a color like #4f46e5");
var ErrorBodySchema = z2.object({
  message: z2.string(),
  errors: z2.array(z2.object({ path: z2.string(), message: z2.string() })).optional()
});

// src/shared/schemas/notifications.ts
var SPEC_TEMPLATES = [
  "vendor-new-message",
  "vendor-pending-approval",
  "vendor-rejection",
  "order-placed",
  "product-approved",
  "product-unapproved",
  "order-reminder-1",
  "order-reminder-2",
  "order-reminder-3",
  "auth-change-password",
  "auth-verify",
  "auth-invite",
  "marketplace-on-product-submitted",
  "marketplace-duty-digest",
  "marketplace-new-vendor",
  "marketplace-vendor-request",
  "marketplace-automated-payments",
  "marketplace-integration-set",
  "doc-customer-invoice",
  "doc-packing-slip",
  "doc-vendor-invoice",
  "offer-received",
  "offer-rejected",
  "offer-requested"
];
var EXTRA_TEMPLATES = ["marketplace-contact-message", "marketplace-new-subscriber", "export-ready"];
var TEMPLATE_NAMES = [...SPEC_TEMPLATES, ...EXTRA_TEMPLATES];
var REMINDER_TEMPLATES = ["order-reminder-1", "order-reminder-2", "order-reminder-3"];
var DEFAULT_REMINDER_DELAYS = {
  "order-reminder-1": 24,
  "order-reminder-2": 48,
  "order-reminder-3": 72
};
var MAILING_SERVICES = ["brevo", "klaviyo", "none"];
var NOTIFICATION_MESSAGES = {
  digestHour: "Must be an integer between 0 and 23",
  delayInHours: "Must be a positive integer",
  apiKeyRequired: MSG.required,
  unknownTemplate: "Unknown template"
};
var isTemplateName = (name) => TEMPLATE_NAMES.includes(name);
var SendingEmailSchema = z3.string({ error: MSG.invalidEmail }).trim().toLowerCase().max(254, MSG.invalidEmail).refine((v2) => v2 === "" || EmailSchema.safeParse(v2).success, MSG.invalidEmail);
var DelayInHoursSchema = z3.number({ error: NOTIFICATION_MESSAGES.delayInHours }).int(NOTIFICATION_MESSAGES.delayInHours).min(1, NOTIFICATION_MESSAGES.delayInHours).max(24 * 365, "Must be at most 8760 hours");
var templateSetting = () => z3.object({ enabled: z3.boolean() });
var reminderSetting = () => z3.object({ enabled: z3.boolean(), delayInHours: DelayInHoursSchema });
var isReminder = (name) => REMINDER_TEMPLATES.includes(name);
var templateShape = Object.fromEntries(TEMPLATE_NAMES.map((name) => [name, isReminder(name) ? reminderSetting() : templateSetting()]));
var TemplateSettingsSchema = z3.object(templateShape);
var DEFAULT_TEMPLATE_SETTINGS = Object.fromEntries(
  TEMPLATE_NAMES.map((name) => [name, isReminder(name) ? { enabled: true, delayInHours: DEFAULT_REMINDER_DELAYS[name] } : { enabled: true }])
);
var StoredTemplateSettingsSchema = z3.record(z3.string(), z3.unknown()).transform((stored) => ({ ...DEFAULT_TEMPLATE_SETTINGS, ...stored })).pipe(TemplateSettingsSchema);
var DigestHourSchema = z3.number({ error: NOTIFICATION_MESSAGES.digestHour }).int(NOTIFICATION_MESSAGES.digestHour).min(0, NOTIFICATION_MESSAGES.digestHour).max(23, NOTIFICATION_MESSAGES.digestHour);
var ListIdsSchema = z3.array(z3.number().int().positive()).max(20);
var StoredIntegrationSchema = z3.object({
  service: z3.enum(MAILING_SERVICES).default("none"),
  apiKeyEncrypted: z3.string().optional(),
  /** Brevo lists new contacts are added to. */
  listIds: ListIdsSchema.optional()
});
var editable = {
  disableAll: z3.boolean(),
  sendingEmail: SendingEmailSchema,
  templates: TemplateSettingsSchema,
  digestSendAtHourUtc: DigestHourSchema
};
var NotificationSettingsSchema = z3.object({
  disableAll: editable.disableAll.default(false),
  sendingEmail: editable.sendingEmail.default(""),
  templates: StoredTemplateSettingsSchema.default(DEFAULT_TEMPLATE_SETTINGS),
  digestSendAtHourUtc: editable.digestSendAtHourUtc.default(8),
  integration: StoredIntegrationSchema.default({ service: "none" })
});
var NotificationSettingsUpdateSchema = z3.object(editable);
var IntegrationViewSchema = z3.object({
  service: z3.enum(MAILING_SERVICES),
  hasApiKey: z3.boolean(),
  listIds: ListIdsSchema.optional()
});
var NotificationSettingsViewSchema = z3.object({ ...editable, integration: IntegrationViewSchema });
function toNotificationSettingsView(settings) {
  const { service, apiKeyEncrypted, listIds } = settings.integration;
  return {
    disableAll: settings.disableAll,
    sendingEmail: settings.sendingEmail,
    templates: settings.templates,
    digestSendAtHourUtc: settings.digestSendAtHourUtc,
    integration: { service, hasApiKey: service !== "none" && !!apiKeyEncrypted, ...listIds ? { listIds } : {} }
  };
}
var IntegrationUpdateSchema = z3.object({
  service: z3.enum(MAILING_SERVICES, { error: "Service must be brevo, klaviyo or none" }),
  apiKey: z3.string().trim().max(500, "Must be at most 500 characters").optional(),
  listIds: ListIdsSchema.optional()
}).refine((v2) => v2.service === "none" || !!v2.apiKey, { message: NOTIFICATION_MESSAGES.apiKeyRequired, path: ["apiKey"] });
var LiquidSourceSchema = (max) => z3.string({ error: MSG.required }).max(max, `Must be at most ${max} characters`);
var TemplateNameParamsSchema = z3.object({ template: z3.string().max(100) });
var TemplateSummarySchema = z3.object({
  name: z3.string(),
  description: z3.string(),
  enabled: z3.boolean(),
  /** The store has its own body or subject for this template. */
  customised: z3.boolean()
});
var TemplateListSchema = z3.object({ templates: z3.array(TemplateSummarySchema) });
var TemplateVariableSchema = z3.object({ description: z3.string(), sample: z3.unknown() });
var TemplateDetailSchema = z3.object({
  name: z3.string(),
  description: z3.string(),
  /** What the editor shows: the store's body, or the default when it has none. */
  htmlBody: z3.string(),
  defaultHtml: z3.string(),
  subject: z3.string(),
  defaultSubject: z3.string(),
  /** Variable name → what it holds and a sample value (used by previews and test e-mails). */
  variables: z3.record(z3.string(), TemplateVariableSchema),
  enabled: z3.boolean(),
  customised: z3.boolean()
});
var TemplateUpdateSchema = z3.object({
  htmlBody: LiquidSourceSchema(2e5),
  subject: LiquidSourceSchema(1e3).optional()
});
var ParamsSchema = z3.record(z3.string().max(100), z3.unknown()).default({});
var TestEmailSchema = z3.object({ email: EmailSchema, params: ParamsSchema });
var TemplatePreviewSchema = z3.object({
  htmlBody: LiquidSourceSchema(2e5).optional(),
  subject: LiquidSourceSchema(1e3).optional(),
  params: ParamsSchema
});
var TemplatePreviewAnswerSchema = z3.object({ subject: z3.string(), html: z3.string() });
var OUTBOX_PAGE_SIZE = 50;
var OUTBOX_MAX_PAGE = 200;
var OutboxQuerySchema = z3.object({
  page: z3.coerce.number({ error: `Page must be between 1 and ${OUTBOX_MAX_PAGE}` }).int(`Page must be between 1 and ${OUTBOX_MAX_PAGE}`).min(1, `Page must be between 1 and ${OUTBOX_MAX_PAGE}`).max(OUTBOX_MAX_PAGE, `Page must be between 1 and ${OUTBOX_MAX_PAGE}`).default(1)
});
var OutboxEmailSchema = z3.object({
  id: z3.string(),
  template: z3.string(),
  to: z3.string(),
  from: z3.string(),
  subject: z3.string(),
  html: z3.string(),
  text: z3.string(),
  /** How it left: outbox (kept here only), smtp, or failed (see error). */
  transport: z3.string(),
  error: z3.string().nullable(),
  createdAt: z3.string()
});
var OutboxPageSchema = z3.object({
  emails: z3.array(OutboxEmailSchema),
  page: z3.number(),
  /** Pages available, at most OUTBOX_MAX_PAGE. */
  pageCount: z3.number()
});

// src/server/adapters/mailing/types.ts
var MailingError = class extends Error {
  constructor(message, status, refusedKey = false) {
    super(message);
    this.status = status;
    this.refusedKey = refusedKey;
  }
  status;
  refusedKey;
  name = "MailingError";
};
var DEFAULT_MAILING_BASE_URLS = {
  brevo: "https://api.brevo.com/v3",
  klaviyo: "https://a.klaviyo.com/api"
};
var MAILING_TIMEOUT_MS = 1e4;

// src/server/adapters/mailing/http.ts
async function callProvider(label, url3, init, accept = (status) => status >= 200 && status < 300) {
  let response;
  try {
    response = await fetch(url3, {
      method: init.method,
      headers: init.headers,
      body: init.body === void 0 ? void 0 : JSON.stringify(init.body),
      signal: AbortSignal.timeout(MAILING_TIMEOUT_MS)
    });
  } catch (error) {
    throw new MailingError(`Could not reach ${label}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text16 = await response.text();
  let body = text16;
  try {
    body = text16 ? JSON.parse(text16) : null;
  } catch {
  }
  if (accept(response.status)) return { status: response.status, body };
  const refused = response.status === 401 || response.status === 403;
  throw new MailingError(
    refused ? `${label} refused the API key` : `${label} answered ${response.status}: ${providerMessage(body)}`,
    response.status,
    refused
  );
}
function providerMessage(body) {
  if (body && typeof body === "object") {
    const record = body;
    if (typeof record.message === "string") return record.message.slice(0, 300);
    const detail = record.errors?.[0]?.detail;
    if (typeof detail === "string") return detail.slice(0, 300);
  }
  return typeof body === "string" ? body.slice(0, 300) : "no details";
}

// src/server/adapters/mailing/brevo.ts
function createBrevoProvider(apiKey, baseUrl) {
  const headers = { "api-key": apiKey, accept: "application/json", "content-type": "application/json" };
  const base = baseUrl.replace(/\/$/, "");
  return {
    service: "brevo",
    async verifyKey() {
      await callProvider("Brevo", `${base}/account`, { method: "GET", headers });
    },
    async upsertContact(contact) {
      await callProvider("Brevo", `${base}/contacts`, {
        method: "POST",
        headers,
        body: {
          email: contact.email,
          attributes: contact.attributes,
          ...contact.listIds?.length ? { listIds: contact.listIds } : {},
          updateEnabled: true
        }
      });
    }
  };
}

// src/server/adapters/mailing/klaviyo.ts
var KLAVIYO_REVISION = "2024-10-15";
function createKlaviyoProvider(apiKey, baseUrl) {
  const headers = {
    authorization: `Klaviyo-API-Key ${apiKey}`,
    revision: KLAVIYO_REVISION,
    accept: "application/vnd.api+json",
    "content-type": "application/vnd.api+json"
  };
  const base = baseUrl.replace(/\/$/, "");
  return {
    service: "klaviyo",
    async verifyKey() {
      await callProvider("Klaviyo", `${base}/accounts/`, { method: "GET", headers });
    },
    async upsertContact(contact) {
      const { FIRSTNAME, ...properties } = contact.attributes;
      await callProvider(
        "Klaviyo",
        `${base}/profiles/`,
        {
          method: "POST",
          headers,
          body: {
            data: {
              type: "profile",
              attributes: { email: contact.email, ...FIRSTNAME ? { first_name: String(FIRSTNAME) } : {}, properties }
            }
          }
        },
        (status) => status >= 200 && status < 300 || status === 409
      );
    }
  };
}

// src/server/adapters/mailing/index.ts
function createMailingProvider(service, apiKey, baseUrls = DEFAULT_MAILING_BASE_URLS) {
  return service === "brevo" ? createBrevoProvider(apiKey, baseUrls.brevo) : createKlaviyoProvider(apiKey, baseUrls.klaviyo);
}

// src/server/modules/notifications/templates/layout.ts
var layout = (body) => `<div style="font-family:Arial,sans-serif;max-width:560px;margin:auto;color:#111827">
  <h2 style="color:#4f46e5">{{ shop_name }}</h2>
  ${body}
</div>`;
var button = (href, label) => `<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none">${label}</a></p>`;
var lineItemsTable = `<table style="width:100%;border-collapse:collapse" cellpadding="6">
    <tr style="text-align:left;border-bottom:1px solid #e5e7eb"><th>Item</th><th>Qty</th><th style="text-align:right">Price</th></tr>
    {% for item in line_items %}<tr style="border-bottom:1px solid #f3f4f6"><td>{{ item.title }}{% if item.sku != blank %} <small>({{ item.sku }})</small>{% endif %}</td><td>{{ item.quantity }}</td><td style="text-align:right">{{ item.price }}</td></tr>
    {% endfor %}</table>`;

// src/server/modules/notifications/templates/types.ts
var v = (description, sample) => ({ description, sample });
var secret = (description, sample) => ({ description, sample, secret: true });

// src/server/modules/notifications/templates/auth.ts
var code = secret("the one-time code", "48213095");
var AUTH_TEMPLATES = {
  "auth-change-password": {
    description: "To a user who asked to reset the password: a one-time code and a link.",
    subject: "Your {{ shop_name }} password code",
    variables: {
      code,
      link: secret("the change-password page with the code and e-mail filled in", "https://marketplace.example/app/login/change-password?code=48213095"),
      minutes: v("minutes the code stays valid", 15)
    },
    html: layout(`<p>Use this code to reset your password: <strong style="font-size:20px;letter-spacing:2px">{{ code }}</strong></p>
  <p>It is valid for {{ minutes }} minutes. <a href="{{ link }}">Reset your password</a></p>
  <p>If you did not ask for this, ignore this e-mail; your password stays as it is.</p>`)
  },
  "auth-verify": {
    description: "To an applicant: confirm the e-mail address with the link before the application reaches the admins.",
    subject: "Confirm your e-mail for {{ shop_name }}",
    variables: {
      code,
      link: secret("the page that confirms the address", "https://marketplace.example/api/vendor/application/confirm?token=Qm9vLXNhbXBsZS10b2tlbg"),
      minutes: v("minutes the code stays valid", 60)
    },
    html: layout(`<p>Please confirm your e-mail address{% if code %} with this code: <strong style="font-size:20px;letter-spacing:2px">{{ code }}</strong>{% else %}.{% endif %}</p>
  ${button("{{ link }}", "Confirm my e-mail")}
  <p>{% if code %}The code{% else %}The link{% endif %} is valid for {{ minutes }} minutes. If you did not ask for this, ignore this e-mail.</p>`)
  },
  "auth-invite": {
    description: "To a new vendor account: set the first password.",
    subject: "Your {{ shop_name }} account is ready",
    variables: {
      code,
      link: secret("the change-password page that sets the first password", "https://marketplace.example/app/login/change-password?code=48213095"),
      vendor: v("the vendor name", "Green Pottery")
    },
    html: layout(`<p>Welcome {{ vendor }}! Your account on {{ shop_name }} has been created.</p>
  <p><a href="{{ link }}">Set your password</a> to sign in.</p>`)
  }
};

// src/server/modules/notifications/templates/samples.ts
var SAMPLE = {
  vendor: "Green Pottery",
  vendorEmail: "hello@greenpottery.example",
  adminLink: "https://marketplace.example/app",
  orderName: "#1042",
  orderDate: "2025-03-14",
  product: "Handmade ceramic mug",
  lineItems: [
    { title: "Handmade ceramic mug", sku: "MUG-01", quantity: 2, price: "\u20AC24.00" },
    { title: "Glazed bowl", sku: "BWL-03", quantity: 1, price: "\u20AC18.50" }
  ],
  address: { name: "Alex Buyer", street1: "12 Canal Street", city: "Amsterdam", zip: "1012 AB", country: "NL" }
};

// src/server/modules/notifications/templates/doc.ts
var order = {
  order_name: v("the order number", SAMPLE.orderName),
  order_date: v("the day the order was placed", SAMPLE.orderDate),
  line_items: v("the lines: title, sku, quantity, price (formatted)", SAMPLE.lineItems)
};
var address = (label) => `<p><strong>${label}</strong><br>{{ address.name }}<br>{{ address.street1 }}<br>{{ address.zip }} {{ address.city }}<br>{{ address.country }}</p>`;
var DOC_TEMPLATES = {
  "doc-customer-invoice": {
    description: "The buyer's invoice of an order.",
    subject: "Invoice for order {{ order_name }}",
    variables: {
      ...order,
      address: v("the billing address: name, street1, city, zip, country", SAMPLE.address),
      subtotal: v("the sum of the lines (formatted)", "\u20AC66.50"),
      shipping: v("shipping (formatted)", "\u20AC5.00"),
      tax: v("tax (formatted)", "\u20AC12.42"),
      total: v("the amount paid (formatted)", "\u20AC71.50")
    },
    html: layout(`<h3>Invoice {{ order_name }}</h3>
  <p>Date: {{ order_date }}</p>
  ${address("Billed to")}
  ${lineItemsTable}
  <p style="text-align:right">Subtotal: {{ subtotal }}<br>Shipping: {{ shipping }}<br>Tax: {{ tax }}<br><strong>Total: {{ total }}</strong></p>`)
  },
  "doc-packing-slip": {
    description: "The packing slip a vendor puts in the parcel.",
    subject: "Packing slip for order {{ order_name }}",
    variables: {
      ...order,
      vendor: v("the vendor name", SAMPLE.vendor),
      address: v("the shipping address: name, street1, city, zip, country", SAMPLE.address)
    },
    html: layout(`<h3>Packing slip {{ order_name }}</h3>
  <p>From {{ vendor }}, order of {{ order_date }}</p>
  ${address("Ship to")}
  <table style="width:100%;border-collapse:collapse" cellpadding="6">
    <tr style="text-align:left;border-bottom:1px solid #e5e7eb"><th>Item</th><th>SKU</th><th>Qty</th></tr>
    {% for item in line_items %}<tr><td>{{ item.title }}</td><td>{{ item.sku }}</td><td>{{ item.quantity }}</td></tr>
    {% endfor %}</table>`)
  },
  "doc-vendor-invoice": {
    description: "The marketplace's invoice to a vendor: its sales of an order and the commission.",
    subject: "Commission invoice for order {{ order_name }}",
    variables: {
      ...order,
      vendor: v("the vendor name", SAMPLE.vendor),
      sales: v("the vendor's sales (formatted)", "\u20AC66.50"),
      commission: v("the commission charged (formatted)", "\u20AC6.65"),
      payout: v("what the vendor receives (formatted)", "\u20AC59.85")
    },
    html: layout(`<h3>Invoice to {{ vendor }} for order {{ order_name }}</h3>
  <p>Date: {{ order_date }}</p>
  ${lineItemsTable}
  <p style="text-align:right">Sales: {{ sales }}<br>Commission: {{ commission }}<br><strong>Payout: {{ payout }}</strong></p>`)
  }
};

// src/server/modules/notifications/templates/marketplace.ts
var MARKETPLACE_TEMPLATES = {
  "marketplace-on-product-submitted": {
    description: "To admins: a vendor submitted a product that waits for approval.",
    subject: "{{ vendor }} submitted {{ product_title }}",
    variables: {
      vendor: v("the vendor name", SAMPLE.vendor),
      product_title: v("the product title", SAMPLE.product),
      link: v("the product in the app", `${SAMPLE.adminLink}/products/123`)
    },
    html: layout(`<p>{{ vendor }} submitted <strong>{{ product_title }}</strong> for approval.</p>
  ${button("{{ link }}", "Review the product")}`)
  },
  "marketplace-duty-digest": {
    description: "To admins, daily at digestSendAtHourUtc: what waits for them.",
    subject: "Your {{ shop_name }} to-do list for {{ date }}",
    variables: {
      date: v("the day of the digest", SAMPLE.orderDate),
      pending_products: v("products waiting for approval", 3),
      pending_applications: v("vendor applications waiting for a decision", 1),
      unfulfilled_orders: v("orders not fulfilled yet", 5),
      unanswered_conversations: v("buyer conversations without an answer", 2),
      link: v("the app", SAMPLE.adminLink)
    },
    html: layout(`<p>Here is what waits for you today:</p>
  <ul>
    <li>{{ pending_products }} product(s) to review</li>
    <li>{{ pending_applications }} vendor application(s) to decide</li>
    <li>{{ unfulfilled_orders }} unfulfilled order(s)</li>
    <li>{{ unanswered_conversations }} unanswered conversation(s)</li>
  </ul>
  ${button("{{ link }}", "Open the back-office")}`)
  },
  "marketplace-new-vendor": {
    description: "To admins: an application was approved and the vendor invited.",
    subject: "New vendor: {{ vendor }}",
    variables: { vendor: v("the vendor name", SAMPLE.vendor), email: v("the e-mail of its account", SAMPLE.vendorEmail) },
    html: layout(`<p>{{ vendor }} ({{ email }}) is now a vendor of {{ shop_name }}; an invite to set a password was sent.</p>`)
  },
  "marketplace-vendor-request": {
    description: "To admins: someone applied to become a vendor.",
    subject: "New vendor application: {{ vendor }}",
    variables: {
      vendor: v("the vendor name", SAMPLE.vendor),
      email: v("the applicant e-mail", SAMPLE.vendorEmail),
      link: v("the applications screen", `${SAMPLE.adminLink}/vendors`)
    },
    html: layout(`<p>{{ vendor }} ({{ email }}) applied to sell on {{ shop_name }}.</p>
  <p><a href="{{ link }}">Review the application</a></p>`)
  },
  "marketplace-automated-payments": {
    description: "To admins: the automated payouts that were made.",
    subject: "Automated payouts of {{ date }}",
    variables: {
      date: v("the day of the payout run", SAMPLE.orderDate),
      payouts: v("one line a vendor: vendor, amount (formatted), method, status", [
        { vendor: SAMPLE.vendor, amount: "\u20AC120.00", method: "stripe", status: "paid" },
        { vendor: "Blue Textiles", amount: "\u20AC45.30", method: "paypal", status: "failed" }
      ]),
      total: v("the amount paid (formatted)", "\u20AC120.00"),
      link: v("the payouts screen", `${SAMPLE.adminLink}/finance`)
    },
    html: layout(`<p>The automated payouts of {{ date }}:</p>
  <table style="width:100%;border-collapse:collapse" cellpadding="6">
    <tr style="text-align:left;border-bottom:1px solid #e5e7eb"><th>Vendor</th><th>Method</th><th>Status</th><th style="text-align:right">Amount</th></tr>
    {% for payout in payouts %}<tr><td>{{ payout.vendor }}</td><td>{{ payout.method }}</td><td>{{ payout.status }}</td><td style="text-align:right">{{ payout.amount }}</td></tr>
    {% endfor %}</table>
  <p style="text-align:right"><strong>Paid: {{ total }}</strong></p>
  ${button("{{ link }}", "View payouts")}`)
  },
  "marketplace-integration-set": {
    description: "To admins: a mailing integration (Brevo or Klaviyo) was connected.",
    subject: "{{ service }} is connected to {{ shop_name }}",
    variables: { service: v("the mailing service", "Brevo"), email: v("the admin who connected it", "admin@marketplace.example") },
    html: layout(`<p>{{ service }} is now connected to {{ shop_name }}{% if email != blank %} by {{ email }}{% endif %}.</p>
  <p>New vendors and subscribers will be added to it as contacts.</p>`)
  },
  "marketplace-contact-message": {
    description: "To the support address (or admins): a buyer sent a message or the contact form.",
    subject: "{{ subject }}",
    variables: {
      subject: v("what the buyer sent", "New message from alex@buyer.example"),
      email: v("the sender e-mail", "alex@buyer.example"),
      lines: v("the message lines", ["Hello,", "Do you ship to Belgium?"])
    },
    html: layout(`<p>From: {{ email | default: "anonymous" }}</p>
  {% for line in lines %}<p>{{ line }}</p>{% endfor %}`)
  },
  "marketplace-new-subscriber": {
    description: "To the support address (or admins): someone subscribed to the news.",
    subject: "New subscriber: {{ email }}",
    variables: { email: v("the address that subscribed", "alex@buyer.example") },
    html: layout(`<p>{{ email }} subscribed to the news of {{ shop_name }}.</p>`)
  }
};

// src/server/modules/notifications/templates/offer.ts
var offer = {
  product_title: v("the product the offer is for", SAMPLE.product),
  offer_amount: v("the amount offered (formatted)", "\u20AC20.00"),
  price: v("the listed price (formatted)", "\u20AC24.00")
};
var OFFER_TEMPLATES = {
  "offer-received": {
    description: "To a vendor: a buyer made an offer on one of its products.",
    subject: "New offer on {{ product_title }}",
    variables: {
      ...offer,
      vendor: v("the vendor name", SAMPLE.vendor),
      buyer_email: v("the buyer e-mail", "alex@buyer.example"),
      link: v("the offers screen", `${SAMPLE.adminLink}/offers`)
    },
    html: layout(`<p>Hello {{ vendor }}, {{ buyer_email }} offers <strong>{{ offer_amount }}</strong> for {{ product_title }} (listed at {{ price }}).</p>
  ${button("{{ link }}", "Accept, counter or reject")}`)
  },
  "offer-rejected": {
    description: "To a buyer: the offer was rejected.",
    subject: "Your offer on {{ product_title }}",
    variables: { ...offer, link: v("the product page", "https://shop.example/products/mug") },
    html: layout(`<p>Your offer of {{ offer_amount }} for {{ product_title }} was not accepted.</p>
  <p>You can still <a href="{{ link }}">buy it at {{ price }}</a> or make another offer.</p>`)
  },
  "offer-requested": {
    description: "To a buyer: the offer was sent to the seller (or the seller answers with a counter-offer).",
    subject: "Your offer on {{ product_title }} was sent",
    variables: {
      ...offer,
      counter_offer: v("the seller counter-offer (formatted; empty when none)", ""),
      link: v("the page to follow the offer", "https://shop.example/products/mug")
    },
    html: layout(`{% if counter_offer != blank %}<p>The seller answers your offer for {{ product_title }} with <strong>{{ counter_offer }}</strong>.</p>
  ${button("{{ link }}", "View the counter-offer")}{% else %}<p>We sent your offer of {{ offer_amount }} for {{ product_title }} to the seller. You will get an e-mail when they answer.</p>{% endif %}`)
  }
};

// src/server/modules/notifications/templates/order.ts
var order2 = {
  vendor: v("the vendor name", SAMPLE.vendor),
  order_name: v("the order number", SAMPLE.orderName),
  order_date: v("the day the order was placed", SAMPLE.orderDate),
  link: v("the order in the app", `${SAMPLE.adminLink}/orders/1042`)
};
var reminder = (n) => ({
  description: `To a vendor: reminder ${n} that an order is still unfulfilled (sent delayInHours after the order).`,
  subject: n === 3 ? "Last reminder: order {{ order_name }} is waiting" : "Reminder: order {{ order_name }} is waiting to be fulfilled",
  variables: { ...order2, hours: v("hours since the order was placed", n * 24) },
  html: layout(`<p>Hello {{ vendor }},</p>
  <p>Order <strong>{{ order_name }}</strong> was placed {{ hours }} hours ago and is not fulfilled yet.</p>
  ${button("{{ link }}", "Fulfil the order")}`)
});
var ORDER_TEMPLATES = {
  "order-placed": {
    description: "To a vendor: a new order contains its products.",
    subject: "New order {{ order_name }}",
    variables: {
      ...order2,
      customer_name: v("the buyer name", SAMPLE.address.name),
      line_items: v("the vendor's lines: title, sku, quantity, price (formatted)", SAMPLE.lineItems),
      total: v("the vendor's total (formatted)", "\u20AC66.50")
    },
    html: layout(`<p>Hello {{ vendor }}, you have a new order <strong>{{ order_name }}</strong> from {{ customer_name }} ({{ order_date }}).</p>
  ${lineItemsTable}
  <p style="text-align:right"><strong>Total: {{ total }}</strong></p>
  ${button("{{ link }}", "View the order")}`)
  },
  "order-reminder-1": reminder(1),
  "order-reminder-2": reminder(2),
  "order-reminder-3": reminder(3)
};

// src/server/modules/notifications/templates/product.ts
var common = {
  vendor: v("the vendor name", SAMPLE.vendor),
  product_title: v("the product title", SAMPLE.product),
  note: v("the admin's note (may be empty)", "Please add a photo of the bottom of the mug."),
  link: v("the product in the app", `${SAMPLE.adminLink}/products/123`)
};
var PRODUCT_TEMPLATES = {
  "product-approved": {
    description: "To a vendor: an admin approved one of its products.",
    subject: "{{ product_title }} is approved",
    variables: common,
    html: layout(`<p>Good news {{ vendor }}: <strong>{{ product_title }}</strong> is approved and visible on {{ shop_name }}.</p>
  {% if note != blank %}<p>Note: {{ note }}</p>{% endif %}
  ${button("{{ link }}", "View the product")}`)
  },
  "product-unapproved": {
    description: "To a vendor: an admin unapproved one of its products.",
    subject: "{{ product_title }} needs changes",
    variables: common,
    html: layout(`<p>Hello {{ vendor }}, <strong>{{ product_title }}</strong> is no longer approved on {{ shop_name }}.</p>
  {% if note != blank %}<p>Note: {{ note }}</p>{% endif %}
  ${button("{{ link }}", "Edit the product")}`)
  },
  "export-ready": {
    description: "To whoever started an export: the file is ready to download.",
    subject: "Your {{ kind }} export is ready",
    variables: {
      kind: v("what was exported", "products"),
      rows: v("how many rows the file has", 1250),
      link: v("the export in the app (sign-in required to download)", `${SAMPLE.adminLink}/products?export=123`)
    },
    html: layout(`<p>Your export of {{ rows }} {{ kind }} from {{ shop_name }} is ready.</p>
  ${button("{{ link }}", "Download the file")}
  <p>The file can be downloaded by your account only.</p>`)
  }
};

// src/server/modules/notifications/templates/vendor.ts
var vendor = v("the vendor name", SAMPLE.vendor);
var VENDOR_TEMPLATES = {
  "vendor-new-message": {
    description: "To a vendor: a buyer sent a message about one of its products.",
    subject: "New message from {{ buyer_name }}",
    variables: {
      vendor,
      buyer_name: v("the buyer name (or e-mail)", "Alex Buyer"),
      product_title: v("the product the conversation is about (may be empty)", SAMPLE.product),
      message: v("the message text", "Hello, is this mug dishwasher safe?"),
      link: v("the conversation in the app", `${SAMPLE.adminLink}/conversations`)
    },
    html: layout(`<p>Hello {{ vendor }},</p>
  <p>{{ buyer_name }} sent you a message{% if product_title != blank %} about <strong>{{ product_title }}</strong>{% endif %}:</p>
  <blockquote style="border-left:3px solid #e5e7eb;margin:0;padding-left:12px;white-space:pre-wrap">{{ message }}</blockquote>
  ${button("{{ link }}", "Reply")}`)
  },
  "vendor-pending-approval": {
    description: "To an applicant: the application was received and waits for review.",
    subject: "We received your application to {{ shop_name }}",
    variables: { vendor: v("the vendor name the applicant chose", SAMPLE.vendor) },
    html: layout(`<p>Thank you for applying as {{ vendor }}. We review every application and will get back to you shortly.</p>`)
  },
  "vendor-rejection": {
    description: "To an applicant whose application was rejected.",
    subject: "Your application to {{ shop_name }}",
    variables: { vendor: v("the vendor name the applicant chose", SAMPLE.vendor) },
    html: layout(`<p>Thank you for applying as {{ vendor }}. After careful review we cannot accept your application at this time.</p>`)
  }
};

// src/server/modules/notifications/templates/index.ts
var COMMON_VARIABLES = {
  shop_name: v("the name of the marketplace", "Demo Marketplace"),
  store: v("the store id", "demo")
};
var TEMPLATES = {
  ...VENDOR_TEMPLATES,
  ...ORDER_TEMPLATES,
  ...PRODUCT_TEMPLATES,
  ...AUTH_TEMPLATES,
  ...MARKETPLACE_TEMPLATES,
  ...DOC_TEMPLATES,
  ...OFFER_TEMPLATES
};
function templateVariables(name) {
  return { ...COMMON_VARIABLES, ...TEMPLATES[name].variables };
}
function sampleVars(name, params = {}) {
  const variables = TEMPLATES[name].variables;
  const samples = Object.fromEntries(Object.entries(variables).map(([key, variable]) => [key, variable.sample]));
  return { ...samples, ...params };
}

// src/server/modules/notifications/render.ts
import { Liquid } from "liquidjs";
var FILE_TAGS = ["include", "render", "layout", "block"];
function sandboxedEngine(outputEscape) {
  const engine = new Liquid({
    ownPropertyOnly: true,
    relativeReference: false,
    dynamicPartials: false,
    strictFilters: true,
    outputEscape,
    renderLimit: 1e3,
    parseLimit: 2e5,
    memoryLimit: 2e7,
    fs: {
      exists: async () => false,
      existsSync: () => false,
      readFile: async () => "",
      readFileSync: () => "",
      resolve: (_dir, file) => file
    }
  });
  for (const tag of FILE_TAGS) {
    engine.registerTag(tag, {
      parse() {
        throw new Error(`the ${tag} tag is not allowed in e-mail templates`);
      },
      render() {
      }
    });
  }
  return engine;
}
var htmlEngine = sandboxedEngine("escape");
var textEngine = sandboxedEngine(void 0);
var engineFor = (kind) => kind === "html" ? htmlEngine : textEngine;
var TemplateError = class extends Error {
  name = "TemplateError";
};
function asTemplateError(error) {
  const message = error instanceof Error ? error.message : String(error);
  return new TemplateError(message);
}
function parseTemplate(source, kind = "html") {
  try {
    return engineFor(kind).parse(source);
  } catch (error) {
    throw asTemplateError(error);
  }
}
async function renderTemplate(source, data, kind = "html") {
  const templates = parseTemplate(source, kind);
  try {
    return await engineFor(kind).render(templates, data);
  } catch (error) {
    throw asTemplateError(error);
  }
}
function htmlToText(html) {
  return html.replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, "$2 ($1)").replace(/<(br|\/p|\/h\d|\/div|\/li|\/tr)\s*\/?>/gi, "\n").replace(/<[^>]+>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&").replace(/[ \t]+\n/g, "\n").replace(/\n\s*\n+/g, "\n\n").trim();
}

// src/server/modules/notifications/notification-settings.ts
import { eq, sql as sql7 } from "drizzle-orm";

// src/server/http/errors.ts
var STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  unavailable: 503
};
var AppError = class extends Error {
  constructor(code2, message, errors, asText = false) {
    super(message);
    this.code = code2;
    this.errors = errors;
    this.asText = asText;
    this.statusCode = STATUS[code2];
  }
  code;
  errors;
  asText;
  statusCode;
};
var badRequest = (message, errors) => new AppError("bad_request", message, errors);
var notFound = (message = "Not found") => new AppError("not_found", message);
var forbidden = (message = "You do not have access to this") => new AppError("forbidden", message);
var unauthorized = (message = "Sign in required") => new AppError("unauthorized", message);

// src/server/modules/notifications/notification-settings.ts
var isRecord = (value) => !!value && typeof value === "object" && !Array.isArray(value);
function parseNotificationSettings(stored) {
  const raw = isRecord(stored) ? stored : {};
  const parsed = NotificationSettingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const settings = NotificationSettingsSchema.parse({});
  const shape = NotificationSettingsSchema.shape;
  for (const key of Object.keys(shape)) {
    const field2 = shape[key].safeParse(raw[key]);
    if (field2.success) Object.assign(settings, { [key]: field2.data });
  }
  return settings;
}
async function readNotificationSettings(db, storeId) {
  const [row] = await db.select({ notifications: sql7`${stores.settings} -> 'notifications'` }).from(stores).where(eq(stores.id, storeId));
  if (!row) throw notFound(MSG.unknownStore);
  return parseNotificationSettings(row.notifications);
}
async function changeNotificationSettings(db, storeId, change) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ notifications: sql7`${stores.settings} -> 'notifications'` }).from(stores).where(eq(stores.id, storeId)).for("update");
    if (!row) throw notFound(MSG.unknownStore);
    const next = NotificationSettingsSchema.parse(change(parseNotificationSettings(row.notifications)));
    await tx.update(stores).set({ settings: sql7`jsonb_set(${stores.settings}, '{notifications}', ${JSON.stringify(next)}::jsonb, true)` }).where(eq(stores.id, storeId));
    return next;
  });
}
function updateNotificationSettings(db, storeId, update) {
  return changeNotificationSettings(db, storeId, (current) => ({ ...update, integration: current.integration }));
}
function reminderSendAt(settings, template, placedAt) {
  return new Date(placedAt.getTime() + settings.templates[template].delayInHours * 36e5);
}
function nextDigestAt(settings, now) {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), settings.digestSendAtHourUtc));
  if (at.getTime() <= now.getTime()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

// src/server/lib/encryption.ts
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes as randomBytes2 } from "node:crypto";

// src/server/lib/secrets.ts
import { randomBytes } from "node:crypto";
import { eq as eq2 } from "drizzle-orm";
async function getOrCreateSecret(db, name) {
  await db.insert(appSecrets).values({ name, value: randomBytes(48).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq2(appSecrets.name, name));
  return row.value;
}

// src/server/lib/encryption.ts
var VERSION = "v1";
var IV_BYTES = 12;
var TAG_BYTES = 16;
var Encryption = class {
  key;
  constructor(secret2) {
    this.key = Buffer.from(hkdfSync("sha256", secret2, "marketplace", "aes-256-gcm secrets v1", 32));
  }
  encrypt(plaintext, context2 = "") {
    const iv = randomBytes2(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context2, "utf8"));
    const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
  }
  /** Throws when the value was changed, belongs to another context, or was sealed with another key. */
  decrypt(sealed, context2 = "") {
    const [version, iv, tag, ciphertext, ...rest] = sealed.split(".");
    if (version !== VERSION || !iv || !tag || ciphertext === void 0 || rest.length) throw new Error("Not an encrypted value");
    const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context2, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  }
};
var cache = /* @__PURE__ */ new WeakMap();
function getEncryption(db) {
  let found = cache.get(db);
  if (!found) {
    found = getOrCreateSecret(db, "encryption").then((secret2) => new Encryption(secret2));
    found.catch(() => cache.delete(db));
    cache.set(db, found);
  }
  return found;
}

// src/server/modules/notifications/sync-contact.ts
var SYNC_CONTACT = "sync-contact";
var SYNC_ATTEMPTS = 8;
var integrationKeyContext = (storeId) => `notifications.integration:${storeId}`;
async function syncContact(ctx2, storeId, contact, options = {}) {
  const db = options.tx ?? ctx2.db;
  const { integration } = await readNotificationSettings(db, storeId);
  if (integration.service === "none" || !integration.apiKeyEncrypted) return false;
  const payload = { storeId, email: contact.email.trim().toLowerCase(), attributes: contact.attributes };
  await ctx2.jobs.enqueue(SYNC_CONTACT, payload, { dedupeKey: options.dedupeKey, maxAttempts: SYNC_ATTEMPTS }, db);
  return true;
}
async function runSyncContact(db, payload, baseUrls) {
  const { storeId, email: email2, attributes } = payload;
  const { integration } = await readNotificationSettings(db, storeId);
  if (integration.service === "none" || !integration.apiKeyEncrypted) return;
  const apiKey = (await getEncryption(db)).decrypt(integration.apiKeyEncrypted, integrationKeyContext(storeId));
  await createMailingProvider(integration.service, apiKey, baseUrls).upsertContact({ email: email2, attributes, listIds: integration.listIds });
}

// src/server/modules/notifications/mailer.ts
var SEND_EMAIL = "send-email";
var MAIL_ATTEMPTS = 5;
var CONTACT_EVENTS = {
  "marketplace-new-vendor": (vars) => typeof vars.email === "string" ? { email: vars.email, attributes: typeof vars.vendor === "string" ? { FIRSTNAME: vars.vendor } : {} } : null,
  "marketplace-new-subscriber": (vars) => typeof vars.email === "string" ? { email: vars.email, attributes: {} } : null,
  "marketplace-contact-message": (vars) => typeof vars.email === "string" ? { email: vars.email, attributes: {} } : null
};
var Mailer = class {
  constructor(db, jobs2, transport, defaultFrom, options = {}) {
    this.db = db;
    this.jobs = jobs2;
    this.transport = transport;
    this.defaultFrom = defaultFrom;
    this.mailingBaseUrls = options.mailingBaseUrls ?? { ...DEFAULT_MAILING_BASE_URLS };
    jobs2.register(SEND_EMAIL, (payload, job) => this.deliver(payload, job.attempts));
    jobs2.register(SYNC_CONTACT, (payload) => runSyncContact(this.db, payload, this.mailingBaseUrls));
  }
  db;
  jobs;
  transport;
  defaultFrom;
  /** Where the mailing services (Brevo, Klaviyo) are called; tests point these at in-process fakes. */
  mailingBaseUrls;
  get transportKind() {
    return this.transport.kind;
  }
  /** Queues a mail; pass the transaction's db so the mail is queued only if the change commits. */
  async send(request, db = this.db) {
    const { sendAt, ...queued } = request;
    await this.jobs.enqueue(
      SEND_EMAIL,
      queued,
      { dedupeKey: request.dedupeKey, runAt: sendAt, maxAttempts: MAIL_ATTEMPTS },
      db
    );
    const contact = !request.isTest && request.storeId ? CONTACT_EVENTS[request.template]?.(request.vars) : null;
    if (contact && request.storeId) {
      await syncContact({ db: this.db, jobs: this.jobs }, request.storeId, contact, {
        tx: db,
        dedupeKey: `sync-contact:${request.storeId}:${request.template}:${contact.email.trim().toLowerCase()}`
      });
    }
  }
  async deliver(request, attempt) {
    const [store] = request.storeId ? await this.db.select().from(stores).where(eq3(stores.id, request.storeId)) : [];
    const settings = parseNotificationSettings(store?.settings?.notifications);
    const from = settings.sendingEmail || this.defaultFrom;
    if (!isTemplateName(request.template)) {
      await this.record({ from, to: request.to, subject: String(request.template), html: "", text: "" }, request, "failed", `Unknown template ${request.template}`);
      return;
    }
    if (!request.isTest && (settings.disableAll || !settings.templates[request.template].enabled)) return;
    const definition = TEMPLATES[request.template];
    const [override] = request.storeId ? await this.db.select().from(notificationTemplates).where(and(eq3(notificationTemplates.storeId, request.storeId), eq3(notificationTemplates.template, request.template))) : [];
    const data = { shop_name: store?.shopName ?? "Marketplace", store: request.storeId, ...request.vars };
    const subjectSource = override?.subject || definition.subject;
    const htmlSource = override?.htmlBody || definition.html;
    const render = async (vars) => {
      const [subject, html] = [await renderTemplate(subjectSource, vars, "text"), await renderTemplate(htmlSource, vars, "html")];
      return { from, to: request.to, subject: `${request.isTest ? "[Test] " : ""}${oneLine(subject)}`, html, text: htmlToText(html) };
    };
    let mail;
    let masked;
    try {
      mail = await render(data);
      masked = hasSecrets(definition.variables, data) ? await render(maskSecrets(definition.variables, data)) : mail;
    } catch (error) {
      const message = `The template could not be rendered: ${error instanceof Error ? error.message : String(error)}`;
      await this.record({ from, to: request.to, subject: oneLine(subjectSource), html: "", text: "" }, request, "failed", message);
      return;
    }
    try {
      await this.transport.deliver(mail);
    } catch (error) {
      if (attempt >= MAIL_ATTEMPTS) {
        const message = `Delivery failed after ${attempt} attempts: ${error instanceof Error ? error.message : String(error)}`;
        await this.record(masked, request, "failed", message);
      }
      throw error;
    }
    await this.record(masked, request, this.transport.kind, void 0, this.transport.kind === "outbox" && masked !== mail ? mail : void 0);
  }
  async record(mail, request, transport, error, delivered) {
    await this.db.insert(outboxEmails).values({
      storeId: request.storeId,
      template: String(request.template),
      toAddress: mail.to,
      fromAddress: mail.from,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      deliveredHtml: delivered?.html ?? null,
      deliveredText: delivered?.text ?? null,
      transport,
      error: error?.slice(0, 2e3) ?? null
    });
  }
};
var MASKED = "[hidden]";
var isSecret = (variables, key) => variables[key]?.secret === true;
var hasSecrets = (variables, data) => Object.keys(data).some((key) => isSecret(variables, key));
var maskSecrets = (variables, data) => Object.fromEntries(Object.entries(data).map(([key, value]) => [key, isSecret(variables, key) ? MASKED : value]));
var oneLine = (text16) => text16.replace(/\s+/g, " ").trim().slice(0, 998);

// src/server/adapters/mail/index.ts
import nodemailer from "nodemailer";
function createMailTransport(smtpUrl) {
  if (!smtpUrl) return { kind: "outbox", deliver: async () => {
  } };
  const transporter = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 3e4, greetingTimeout: 3e4, socketTimeout: 6e4 });
  return {
    kind: "smtp",
    async deliver(mail) {
      await transporter.sendMail(mail);
    }
  };
}

// src/server/adapters/storage/local-storage.ts
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile, rename } from "node:fs/promises";
import path3 from "node:path";
import { randomUUID } from "node:crypto";
var LocalFileStorage = class {
  constructor(root) {
    this.root = root;
  }
  root;
  kind = "local";
  resolve(key) {
    const target = path3.resolve(this.root, key);
    if (!target.startsWith(path3.resolve(this.root) + path3.sep)) throw new Error("Invalid storage key");
    return target;
  }
  async put(key, body) {
    const target = this.resolve(key);
    await mkdir(path3.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, body);
    await rename(temp, target);
  }
  async get(key) {
    const target = this.resolve(key);
    try {
      const info = await stat(target);
      return { body: createReadStream(target), size: info.size };
    } catch {
      return null;
    }
  }
  async delete(key) {
    await rm(this.resolve(key), { force: true });
  }
};

// src/server/adapters/storage/s3-storage.ts
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
var isMissing = (error) => error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);
var S3FileStorage = class {
  kind = "s3";
  client;
  bucket;
  constructor(options) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : void 0,
      // Checksums only where S3 requires them: S3-compatible services do not all read the newer checksum headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED"
    });
  }
  async put(key, body, contentType) {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }
  async get(key) {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: object.Body, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
  async delete(key) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
  /** The Content-Type is part of the signature: the bucket refuses a PUT that sends another one. */
  presignPut(key, contentType, expiresInSeconds) {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }), {
      expiresIn: expiresInSeconds,
      signableHeaders: /* @__PURE__ */ new Set(["content-type"])
    });
  }
};

// src/server/adapters/storage/index.ts
function createFileStorage(config2) {
  if (config2.storage === "s3" && config2.s3) return new S3FileStorage(config2.s3);
  return new LocalFileStorage(config2.filesDir);
}

// src/server/adapters/payments/types.ts
var ProviderError = class extends Error {
  constructor(kind, message, status) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
  kind;
  status;
};

// src/server/adapters/payments/http.ts
var TIMEOUT_MS = 3e4;
async function providerFetch(url3, init, messageOf2) {
  let res;
  try {
    res = await fetch(url3, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError("unavailable", error instanceof Error ? error.message : String(error));
  }
  const text16 = await res.text();
  let body = text16;
  try {
    body = text16 ? JSON.parse(text16) : null;
  } catch {
  }
  if (res.ok) return body;
  const message = messageOf2(body) ?? `HTTP ${res.status}`;
  throw new ProviderError(res.status === 429 || res.status >= 500 ? "unavailable" : "refused", message, res.status);
}
var field = (body, ...path7) => path7.reduce((at, key) => at && typeof at === "object" ? at[key] : void 0, body);

// src/server/adapters/payments/paypal.ts
var messageOf = (body) => field(body, "details", "0", "issue") ?? field(body, "message") ?? field(body, "error_description");
function createPayPalClient(baseUrl, clientId, clientSecret) {
  let token = null;
  async function accessToken() {
    if (token && token.until > Date.now()) return token.value;
    const body = await providerFetch(
      `${baseUrl}/v1/oauth2/token`,
      {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials"
      },
      messageOf
    );
    const value = String(field(body, "access_token"));
    token = { value, until: Date.now() + (Number(field(body, "expires_in")) - 60) * 1e3 };
    return value;
  }
  const call = async (method, path7, body, requestId) => providerFetch(
    `${baseUrl}${path7}`,
    {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        "content-type": "application/json",
        ...requestId ? { "paypal-request-id": requestId } : {}
      },
      body: body === void 0 ? void 0 : JSON.stringify(body)
    },
    messageOf
  );
  return {
    async verify() {
      token = null;
      await accessToken();
    },
    async createBatch({ senderBatchId, emailSubject, items }) {
      try {
        const body = await call(
          "POST",
          "/v1/payments/payouts",
          {
            sender_batch_header: { sender_batch_id: senderBatchId, email_subject: emailSubject },
            items: items.map((item) => ({
              recipient_type: item.recipientType,
              receiver: item.receiver,
              amount: { value: item.amount, currency: item.currency },
              sender_item_id: item.senderItemId,
              recipient_wallet: item.recipientType === "USER_HANDLE" ? "VENMO" : "PAYPAL"
            }))
          },
          // Where PayPal honours it, the same request id replays the first answer (with the batch id).
          senderBatchId
        );
        return { batchId: String(field(body, "batch_header", "payout_batch_id")), status: field(body, "batch_header", "batch_status") };
      } catch (error) {
        if (error instanceof ProviderError && error.kind === "refused" && /sender_batch_id|duplicate/i.test(error.message)) throw new ProviderError("duplicate", error.message, error.status);
        throw error;
      }
    },
    async getBatch(batchId) {
      const body = await call("GET", `/v1/payments/payouts/${encodeURIComponent(batchId)}`);
      const items = field(body, "items") ?? [];
      return {
        batchId,
        status: field(body, "batch_header", "batch_status"),
        items: items.map((item) => ({
          itemId: String(field(item, "payout_item_id")),
          status: field(item, "transaction_status"),
          senderItemId: field(item, "payout_item", "sender_item_id") ?? null
        }))
      };
    }
  };
}

// src/server/adapters/payments/stripe.ts
function form(values, prefix = "", out = new URLSearchParams()) {
  for (const [key, value] of Object.entries(values)) {
    if (value === void 0 || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (typeof value === "object") form(value, name, out);
    else out.append(name, String(value));
  }
  return out;
}
var account = (body) => ({
  id: String(field(body, "id")),
  email: field(body, "email") ?? null,
  country: field(body, "country") ?? null,
  detailsSubmitted: field(body, "details_submitted") === true,
  chargesEnabled: field(body, "charges_enabled") === true,
  payoutsEnabled: field(body, "payouts_enabled") === true,
  currentlyDue: field(body, "requirements", "currently_due") ?? []
});
var transfer = (body) => ({
  id: String(field(body, "id")),
  amount: Number(field(body, "amount")),
  currency: String(field(body, "currency")).toUpperCase(),
  destination: String(field(body, "destination")),
  transferGroup: field(body, "transfer_group") ?? null
});
function createStripeClient(baseUrl, secretKey) {
  const call = (method, path7, params = {}, idempotencyKey) => {
    const headers = { authorization: `Bearer ${secretKey}`, "stripe-version": "2025-06-30.basil" };
    const body = form(params);
    let url3 = `${baseUrl}${path7}`;
    if (method === "GET") {
      if ([...body].length) url3 += `?${body}`;
    } else headers["content-type"] = "application/x-www-form-urlencoded";
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    return providerFetch(url3, { method, headers, body: method === "POST" ? body.toString() : void 0 }, (b) => field(b, "error", "message"));
  };
  return {
    async createAccount({ email: email2, country }) {
      return account(
        await call("POST", "/v1/accounts", {
          email: email2,
          country,
          controller: { fees: { payer: "application" }, losses: { payments: "application" }, stripe_dashboard: { type: "express" } },
          capabilities: { transfers: { requested: true } }
        })
      );
    },
    async getAccount(accountId) {
      return account(await call("GET", `/v1/accounts/${encodeURIComponent(accountId)}`));
    },
    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const body = await call("POST", "/v1/account_links", { account: accountId, type: "account_onboarding", refresh_url: refreshUrl, return_url: returnUrl });
      return { url: String(field(body, "url")), expiresAt: Number(field(body, "expires_at")) };
    },
    async createLoginLink(accountId) {
      return { url: String(field(await call("POST", `/v1/accounts/${encodeURIComponent(accountId)}/login_links`), "url")) };
    },
    async createTransfer({ amount: amount3, currency, destination, idempotencyKey }) {
      return transfer(
        await call("POST", "/v1/transfers", { amount: amount3, currency: currency.toLowerCase(), destination, transfer_group: idempotencyKey, metadata: { payout_id: idempotencyKey } }, idempotencyKey)
      );
    },
    async listTransfers(transferGroup) {
      const body = await call("GET", "/v1/transfers", { transfer_group: transferGroup, limit: 10 });
      return (field(body, "data") ?? []).map(transfer);
    },
    async getBalance() {
      const body = await call("GET", "/v1/balance");
      const available = field(body, "available") ?? [];
      return { available: available.map((a) => ({ amount: Number(a.amount), currency: String(a.currency).toUpperCase() })) };
    }
  };
}

// src/server/adapters/payments/index.ts
var PAYPAL_HOSTS = { sandbox: "https://api-m.sandbox.paypal.com", live: "https://api-m.paypal.com" };
function createPaymentProviders(config2) {
  return {
    stripe: (secretKey) => createStripeClient(config2.payments.stripeApiUrl, secretKey),
    paypal: ({ clientId, clientSecret, isSandbox }) => createPayPalClient(config2.payments.paypalApiUrl ?? (isSandbox ? PAYPAL_HOSTS.sandbox : PAYPAL_HOSTS.live), clientId, clientSecret)
  };
}

// src/server/http/error-handler.ts
function installErrorHandler(app2) {
  app2.setErrorHandler((error, request, reply) => {
    let status = 500;
    let message = "Something went wrong, please try again";
    let errors;
    if (error instanceof AppError) {
      status = error.statusCode;
      message = error.message;
      errors = error.errors;
    } else if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      message = status === 413 ? MSG.imageTooLarge : status === 429 ? MSG.tooManyAttempts : error.message;
    } else {
      request.log.error({ err: error }, "unhandled error");
    }
    if (status === 429 && !reply.getHeader("retry-after")) reply.header("retry-after", "60");
    reply.status(status);
    if (request.routeOptions.config?.plainTextErrors) {
      return reply.type("text/plain; charset=utf-8").send(message);
    }
    return reply.send(errors ? { message, errors } : { message });
  });
  app2.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: MSG.notFound });
  });
}

// src/server/http/policy.ts
function installPolicyGuard(app2, authenticate2) {
  const table = [];
  app2.decorateRequest("auth", null);
  app2.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const policy = route.config?.policy;
    for (const method of methods) {
      if (method === "HEAD") continue;
      table.push({ method, url: route.url, policy });
    }
    if (!policy) throw new Error(`Route ${methods.join(",")} ${route.url} declares no policy`);
  });
  app2.addHook("onRequest", async (request) => {
    const policy = request.routeOptions.config.policy;
    if (!policy || policy === "public") return;
    const auth = await authenticate2(request);
    if (policy === "public-or-user") {
      request.auth = auth;
      return;
    }
    if (!auth) throw unauthorized();
    if (policy === "admin" && !auth.isAdmin) throw forbidden();
    request.auth = auth;
  });
  return table;
}
function requireAuth(request) {
  if (!request.auth) throw new AppError("unauthorized", "Sign in required");
  return request.auth;
}

// src/server/http/validation.ts
import { z as z4 } from "zod";
var UNKNOWN_FIELD = "Unknown field";
function issuesToFieldErrors(issues) {
  const unknown = issues.flatMap((i) => i.code === "unrecognized_keys" ? i.keys.map((key) => ({ path: [...i.path, key].map(String).join("."), message: UNKNOWN_FIELD })) : []);
  const others = issues.filter((i) => i.code !== "unrecognized_keys").map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
  return [...unknown, ...others];
}
function firstMessage(errors) {
  const [first] = errors;
  if (!first) return "Invalid input";
  return first.message === UNKNOWN_FIELD ? `${UNKNOWN_FIELD}: ${first.path}` : first.message;
}
function parseOrThrow(schema, input) {
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = issuesToFieldErrors(result.error.issues);
    throw new AppError("bad_request", firstMessage(errors), errors);
  }
  return result.data;
}
var strictCache = /* @__PURE__ */ new WeakMap();
function strictInput(schema) {
  const cached = strictCache.get(schema);
  if (cached) return cached;
  const strict = rebuild(schema);
  strictCache.set(schema, strict);
  return strict;
}
function rebuild(schema) {
  const def = schema._zod.def;
  const inner = (key) => strictInput(def[key]);
  const clone = (changes) => schema.clone({ ...def, ...changes });
  switch (def.type) {
    case "object": {
      const shape = Object.fromEntries(Object.entries(def.shape).map(([k, v2]) => [k, strictInput(v2)]));
      return clone({ shape, catchall: def.catchall ? inner("catchall") : z4.never() });
    }
    case "array":
      return clone({ element: inner("element") });
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return clone({ innerType: inner("innerType") });
    case "pipe":
      return clone({ in: inner("in"), out: inner("out") });
    case "union":
      return clone({ options: def.options.map((o) => strictInput(o)) });
    case "record":
      return clone({ valueType: inner("valueType") });
    case "tuple":
      return clone({ items: def.items.map((o) => strictInput(o)), rest: def.rest ? inner("rest") : null });
    case "lazy": {
      const getter = def.getter;
      return z4.lazy(() => strictInput(getter()));
    }
    // An intersection's sides each name only part of the keys, so neither may refuse the others'.
    default:
      return schema;
  }
}
var strictValidatorCompiler = ({ schema, httpPart }) => {
  const checked = httpPart === "body" || httpPart === "querystring" ? strictInput(schema) : schema;
  return (data) => {
    const result = z4.safeParse(checked, data);
    if (result.success) return { value: result.data };
    const errors = issuesToFieldErrors(result.error.issues);
    return { error: new AppError("bad_request", firstMessage(errors), errors) };
  };
};

// src/server/http/json-bodies.ts
var JSON_ONLY_MESSAGE = "Unsupported media type: send the body as JSON (Content-Type: application/json)";
function installJsonBodyRule(app2) {
  app2.addHook("preValidation", async (request) => {
    if (!request.routeOptions.schema?.body || request.body === void 0) return;
    const type = (request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    if (type === "application/json") return;
    if (type === "application/x-www-form-urlencoded" && request.routeOptions.config.acceptsFormBody) return;
    throw new AppError("unsupported_media", JSON_ONLY_MESSAGE);
  });
}

// src/server/modules/auth/authenticate.ts
import { and as and2, eq as eq4, exists, isNull, sql as sql8 } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

// src/shared/permissions.ts
var BASE_PERMISSIONS = [
  "read_settings",
  "read_orders",
  "write_orders",
  "read_products",
  "write_products",
  "read_integrations",
  "write_integrations",
  "read_finance"
];
var MARKETPLACE_VIEW = "*";
function permissionsFor(claims) {
  if (!claims) return [];
  return claims.admin ? [...BASE_PERMISSIONS, "switch_vendor"] : [...BASE_PERMISSIONS];
}

// src/server/modules/auth/session-cookies.ts
var COOKIE = {
  access: { standalone: "mp_session", embedded: "mp_session_embedded" },
  refresh: { standalone: "mp_refresh", embedded: "mp_refresh_embedded" }
};
var REFRESH_PATH = "/api/auth";
function frameMode(request) {
  const value = request.headers["x-iframe"];
  if (value === "true") return "embedded";
  if (value === "false") return "standalone";
  return null;
}
function cookieBase(request, mode) {
  const https = request.protocol === "https";
  if (mode === "embedded") return { secure: true, sameSite: "none" };
  return { secure: https, sameSite: "lax" };
}
function setSessionCookies(request, reply, mode, access, refresh) {
  const base = cookieBase(request, mode);
  reply.setCookie(COOKIE.access[mode], access.token, {
    ...base,
    path: "/",
    httpOnly: false,
    expires: new Date(access.exp * 1e3)
  });
  if (refresh) {
    reply.setCookie(COOKIE.refresh[mode], refresh, {
      ...base,
      path: REFRESH_PATH,
      httpOnly: true,
      maxAge: REFRESH_TOKEN_DAYS * 24 * 3600
    });
  }
}
function clearSessionCookies(request, reply, mode) {
  const base = cookieBase(request, mode);
  reply.clearCookie(COOKIE.access[mode], { ...base, path: "/" });
  reply.clearCookie(COOKIE.refresh[mode], { ...base, path: REFRESH_PATH, httpOnly: true });
}

// src/server/modules/auth/authenticate.ts
function accessTokenOf(request) {
  const header2 = request.headers.authorization;
  if (header2?.startsWith("Bearer ")) return header2.slice(7).trim() || null;
  const mode = frameMode(request);
  if (!mode) return null;
  return request.cookies[COOKIE.access[mode]] ?? null;
}
async function authenticate(ctx2, request) {
  const token = accessTokenOf(request);
  if (!token) return null;
  const claims = await ctx2.tokens.verify(token);
  if (!claims?.sid || !UUID.test(claims.sid)) return null;
  const viewed = alias(vendors, "viewed");
  const wantsView = claims.vendor && claims.vendor !== MARKETPLACE_VIEW ? claims.vendor : null;
  const [row] = await ctx2.db.select({ user: users, vendorName: vendors.name, viewedId: viewed.id, viewedName: viewed.name }).from(users).leftJoin(vendors, eq4(vendors.id, users.vendorId)).leftJoin(viewed, wantsView ? and2(users.isAdmin, eq4(viewed.storeId, users.storeId), eq4(viewed.name, wantsView)) : sql8`false`).where(
    and2(
      eq4(users.id, claims.sub),
      eq4(users.storeId, claims.store),
      isNull(users.disabledAt),
      exists(
        ctx2.db.select({ one: sql8`1` }).from(refreshTokens).where(and2(eq4(refreshTokens.familyId, claims.sid), eq4(refreshTokens.userId, users.id), isNull(refreshTokens.revokedAt)))
      )
    )
  );
  if (!row) return null;
  const { user } = row;
  let vendor2 = row.vendorName ?? MARKETPLACE_VIEW;
  let vendorId = user.vendorId;
  if (user.isAdmin) {
    vendor2 = row.viewedName ?? MARKETPLACE_VIEW;
    vendorId = row.viewedId;
  } else if (!vendorId) {
    return null;
  }
  return {
    userId: user.id,
    storeId: user.storeId,
    email: user.email,
    name: user.name,
    isAdmin: user.isAdmin,
    vendor: vendor2,
    vendorId,
    sessionId: claims.sid
  };
}
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// src/server/modules/auth/routes.ts
import { and as and6, eq as eq8, isNull as isNull4 } from "drizzle-orm";
import { z as z6 } from "zod";

// src/shared/schemas/auth.ts
import { z as z5 } from "zod";

// src/shared/limits.ts
var PASSWORD_MIN = 8;
var PASSWORD_MAX = 128;
var MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
var MAX_IMAGE_PIXELS = 25e6;
var MAX_ASPECT_RATIO = 100;
var ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/gif"];
var UPLOAD_PROXIES = [
  "vendor-page",
  "product-images",
  "logo-text",
  "logo-registration",
  "metafield-file",
  "model-image",
  "messages"
];

// src/shared/schemas/auth.ts
var PasswordSchema = z5.string({ error: MSG.required }).min(1, MSG.required).min(PASSWORD_MIN, MSG.passwordTooShort).max(PASSWORD_MAX, MSG.passwordTooLong);
var LoginSchema = z5.object({
  store: StoreIdSchema,
  email: EmailSchema,
  password: PasswordSchema
});
var ChangePasswordRequestSchema = z5.object({
  store: StoreIdSchema,
  email: EmailSchema
});
var ChangePasswordUpdateSchema = z5.object({
  store: StoreIdSchema,
  email: EmailSchema,
  code: z5.string({ error: MSG.required }).trim().min(1, MSG.required).max(64),
  password: PasswordSchema,
  confirmation: z5.string({ error: MSG.required }).min(1, MSG.required)
}).refine((v2) => v2.password === v2.confirmation, { message: MSG.passwordsDontMatch, path: ["confirmation"] });
var SwitchVendorSchema = z5.object({ vendor: z5.string().trim().min(1, MSG.required) });

// src/server/modules/auth/passwords.ts
import { hash, verify } from "@node-rs/argon2";

// src/server/modules/auth/common-passwords.ts
var COMMON_PASSWORDS = /* @__PURE__ */ new Set([
  "12345678",
  "123456789",
  "1234567890",
  "12345678910",
  "123123123",
  "11111111",
  "00000000",
  "87654321",
  "88888888",
  "99999999",
  "12341234",
  "11223344",
  "147258369",
  "987654321",
  "123321123",
  "1q2w3e4r",
  "1q2w3e4r5t",
  "1qaz2wsx",
  "qwertyui",
  "qwertyuiop",
  "qwerty123",
  "qwerty12",
  "asdfghjk",
  "asdfghjkl",
  "zxcvbnm1",
  "password",
  "password1",
  "password12",
  "password123",
  "passw0rd",
  "p@ssw0rd",
  "p@ssword",
  "iloveyou",
  "iloveyou1",
  "princess",
  "sunshine",
  "football",
  "baseball",
  "superman",
  "starwars",
  "trustno1",
  "whatever",
  "dragon12",
  "welcome1",
  "welcome123",
  "letmein1",
  "letmein123",
  "changeme",
  "changeme1",
  "admin123",
  "administrator",
  "abc12345",
  "abcd1234",
  "abcdefgh",
  "computer",
  "internet",
  "michelle",
  "jennifer",
  "jordan23",
  "liverpool",
  "chocolate",
  "butterfly",
  "charlie1",
  "shadow12",
  "master12",
  "mustang1",
  "michael1",
  "monkey12",
  "qazwsxedc",
  "zaq12wsx",
  "aa123456",
  "a1234567",
  "a12345678",
  "q1w2e3r4",
  "q1w2e3r4t5",
  "secret123",
  "login123",
  "default1",
  "welcome!",
  "marketplace",
  "vendor123",
  "test1234",
  "testtest",
  "test12345",
  "demo1234",
  "hello123",
  "freedom1",
  "summer2024",
  "summer2025",
  "summer2026",
  "winter2025",
  "winter2026",
  "spring2026",
  "autumn2026",
  "password!"
]);

// src/server/modules/auth/passwords.ts
var ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
var hashPassword = (password) => hash(password, ARGON2);
async function verifyPassword(stored, password) {
  const target = stored ?? await dummyHash;
  try {
    const ok2 = await verify(target, password);
    return ok2 && stored !== null;
  } catch {
    return false;
  }
}
var dummyHash = hash("not-a-password-of-anyone", ARGON2);
function assertPasswordAllowed(password) {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw badRequest(MSG.passwordTooCommon, [{ path: "password", message: MSG.passwordTooCommon }]);
  }
}

// src/server/modules/auth/password-codes.ts
import { and as and5, desc, eq as eq7, gte as gte2, isNull as isNull3, lt, sql as sql10 } from "drizzle-orm";

// src/server/lib/hashing.ts
import { createHash, createHmac, randomBytes as randomBytes3, randomInt, timingSafeEqual } from "node:crypto";
var sha256 = (value) => createHash("sha256").update(value).digest("hex");
var hmacHex = (secret2, message) => createHmac("sha256", secret2).update(message).digest("hex");
function safeEqual(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
var randomToken = (bytes = 32) => randomBytes3(bytes).toString("base64url");
function randomDigits(length) {
  let out = "";
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

// src/server/modules/auth/sessions.ts
import { randomUUID as randomUUID2 } from "node:crypto";
import { and as and3, eq as eq5, isNull as isNull2 } from "drizzle-orm";
var REUSE_GRACE_MS = 1e4;
async function accessTokenFor(ctx2, user, familyId, vendorView) {
  let vendorName = null;
  if (user.vendorId) {
    const [v2] = await ctx2.db.select({ name: vendors.name }).from(vendors).where(eq5(vendors.id, user.vendorId));
    vendorName = v2?.name ?? null;
  }
  const vendor2 = user.isAdmin ? vendorView ?? MARKETPLACE_VIEW : vendorName ?? "";
  return ctx2.tokens.issue({
    sub: user.id,
    sid: familyId,
    email: user.email,
    // The spec: name falls back to the vendor.
    name: user.name || vendorName || (user.isAdmin ? user.email : vendor2),
    store: user.storeId,
    vendor: vendor2,
    admin: user.isAdmin
  });
}
async function mintRefresh(ctx2, userId, familyId, vendorView) {
  const token = randomToken(32);
  await ctx2.db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(token),
    vendorView,
    expiresAt: new Date(ctx2.now().getTime() + REFRESH_TOKEN_DAYS * 24 * 36e5)
  });
  return token;
}
async function startSession(ctx2, user) {
  const familyId = randomUUID2();
  const refresh = await mintRefresh(ctx2, user.id, familyId, null);
  return { access: await accessTokenFor(ctx2, user, familyId, null), refresh };
}
async function rotateSession(ctx2, presented) {
  const now = ctx2.now();
  return ctx2.db.transaction(async (tx) => {
    const [row] = await tx.select({ token: refreshTokens, user: users }).from(refreshTokens).innerJoin(users, eq5(users.id, refreshTokens.userId)).where(eq5(refreshTokens.tokenHash, sha256(presented))).for("update");
    if (!row) return null;
    const { token, user } = row;
    if (token.revokedAt || token.expiresAt < now || user.disabledAt) return null;
    if (token.usedAt) {
      if (now.getTime() - token.usedAt.getTime() <= REUSE_GRACE_MS) {
        return { access: await accessTokenFor({ ...ctx2, db: tx }, user, token.familyId, token.vendorView) };
      }
      await tx.update(refreshTokens).set({ revokedAt: now }).where(eq5(refreshTokens.familyId, token.familyId));
      return null;
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq5(refreshTokens.id, token.id));
    const txCtx = { ...ctx2, db: tx };
    const refresh = await mintRefresh(txCtx, user.id, token.familyId, token.vendorView);
    return { access: await accessTokenFor(txCtx, user, token.familyId, token.vendorView), refresh };
  });
}
async function revokeSessionByToken(ctx2, presented) {
  const [row] = await ctx2.db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq5(refreshTokens.tokenHash, sha256(presented)));
  if (row) await revokeFamily(ctx2, row.familyId);
}
async function revokeFamily(ctx2, familyId) {
  await ctx2.db.update(refreshTokens).set({ revokedAt: ctx2.now() }).where(and3(eq5(refreshTokens.familyId, familyId), isNull2(refreshTokens.revokedAt)));
}
async function revokeAllSessions(ctx2, userId) {
  await ctx2.db.update(refreshTokens).set({ revokedAt: ctx2.now() }).where(and3(eq5(refreshTokens.userId, userId), isNull2(refreshTokens.revokedAt)));
}
async function switchVendorView(ctx2, userId, familyId, vendorView) {
  const view = vendorView === MARKETPLACE_VIEW ? null : vendorView;
  await ctx2.db.update(refreshTokens).set({ vendorView: view }).where(and3(eq5(refreshTokens.familyId, familyId), eq5(refreshTokens.userId, userId)));
  const [user] = await ctx2.db.select().from(users).where(eq5(users.id, userId));
  return accessTokenFor(ctx2, user, familyId, view);
}

// src/server/modules/auth/throttle.ts
import { and as and4, eq as eq6, gte, inArray, sql as sql9 } from "drizzle-orm";
var THROTTLE = { windowMinutes: 15, perAccount: 5, perAddress: 30 };
var accountKey = (store, email2) => `acct:${store}:${email2}`;
var addressKey = (ip) => `ip:${ip}`;
async function isThrottled(db, keys, now) {
  const since = new Date(now.getTime() - THROTTLE.windowMinutes * 6e4);
  const rows = await db.select({ key: loginFailures.key, count: sql9`count(*)::int` }).from(loginFailures).where(and4(inArray(loginFailures.key, [keys.account, keys.address]), gte(loginFailures.failedAt, since))).groupBy(loginFailures.key);
  const count2 = (key) => rows.find((r) => r.key === key)?.count ?? 0;
  return count2(keys.account) >= THROTTLE.perAccount || count2(keys.address) >= THROTTLE.perAddress;
}
async function recordFailure(db, keys, now) {
  await db.insert(loginFailures).values([
    { key: keys.account, failedAt: now },
    { key: keys.address, failedAt: now }
  ]);
}
async function clearAccountFailures(db, account2) {
  await db.delete(loginFailures).where(eq6(loginFailures.key, account2));
}

// src/server/modules/auth/password-codes.ts
var CODE_RULES = {
  reset: { minutes: 15, attempts: 5 },
  invite: { minutes: 7 * 24 * 60, attempts: 5 },
  /** A mailbox gets at most this many codes an hour, so the form cannot be used to flood it. */
  maxPerHour: 5,
  digits: 8
};
function changePasswordLink(ctx2, store, email2, code2) {
  const query = new URLSearchParams({ code: code2, email: email2, store });
  return `${ctx2.config.publicUrl}/app/login/change-password?${query}`;
}
async function createPasswordCode(db, now, userId, purpose) {
  const code2 = randomDigits(CODE_RULES.digits);
  await db.update(passwordResetCodes).set({ usedAt: now }).where(and5(eq7(passwordResetCodes.userId, userId), isNull3(passwordResetCodes.usedAt)));
  await db.insert(passwordResetCodes).values({
    userId,
    purpose,
    codeHash: sha256(code2),
    expiresAt: new Date(now.getTime() + CODE_RULES[purpose].minutes * 6e4)
  });
  return code2;
}
async function requestPasswordCode(ctx2, store, email2) {
  const now = ctx2.now();
  const [user] = await ctx2.db.select().from(users).where(and5(eq7(users.storeId, store), eq7(users.email, email2), isNull3(users.disabledAt)));
  if (!user) return;
  const [{ recent }] = await ctx2.db.select({ recent: sql10`count(*)::int` }).from(passwordResetCodes).where(and5(eq7(passwordResetCodes.userId, user.id), gte2(passwordResetCodes.createdAt, new Date(now.getTime() - 36e5))));
  if (recent >= CODE_RULES.maxPerHour) return;
  const code2 = await createPasswordCode(ctx2.db, now, user.id, "reset");
  await ctx2.mailer.send({
    storeId: store,
    template: "auth-change-password",
    to: user.email,
    vars: { code: code2, link: changePasswordLink(ctx2, store, email2, code2), minutes: CODE_RULES.reset.minutes }
  });
}
async function updatePasswordWithCode(ctx2, input) {
  assertPasswordAllowed(input.password);
  const now = ctx2.now();
  const invalid = () => badRequest(MSG.invalidCode, [{ path: "code", message: MSG.invalidCode }]);
  const [user] = await ctx2.db.select().from(users).where(and5(eq7(users.storeId, input.store), eq7(users.email, input.email), isNull3(users.disabledAt)));
  if (!user) throw invalid();
  const [code2] = await ctx2.db.select().from(passwordResetCodes).where(and5(eq7(passwordResetCodes.userId, user.id), isNull3(passwordResetCodes.usedAt))).orderBy(desc(passwordResetCodes.createdAt)).limit(1);
  if (!code2 || code2.expiresAt < now) throw invalid();
  const limit = CODE_RULES[code2.purpose].attempts;
  const [reserved] = await ctx2.db.update(passwordResetCodes).set({ attempts: sql10`${passwordResetCodes.attempts} + 1` }).where(and5(eq7(passwordResetCodes.id, code2.id), isNull3(passwordResetCodes.usedAt), lt(passwordResetCodes.attempts, limit))).returning({ attempts: passwordResetCodes.attempts });
  if (!reserved) throw invalid();
  if (!safeEqual(code2.codeHash, sha256(input.code))) {
    if (reserved.attempts >= limit) {
      await ctx2.db.update(passwordResetCodes).set({ usedAt: now }).where(eq7(passwordResetCodes.id, code2.id));
    }
    throw invalid();
  }
  const passwordHash = await hashPassword(input.password);
  await ctx2.db.transaction(async (tx) => {
    const spent = await tx.update(passwordResetCodes).set({ usedAt: now }).where(and5(eq7(passwordResetCodes.id, code2.id), isNull3(passwordResetCodes.usedAt))).returning({ id: passwordResetCodes.id });
    if (spent.length === 0) throw invalid();
    await tx.update(users).set({ passwordHash }).where(eq7(users.id, user.id));
    await revokeAllSessions({ ...ctx2, db: tx }, user.id);
    await clearAccountFailures(tx, accountKey(input.store, input.email));
  });
  return user;
}

// src/server/modules/auth/routes.ts
var TokenAnswer = z6.object({ token: z6.string(), exp: z6.number() });
var Ok = z6.object({ ok: z6.literal(true) });
function requireFrame(mode) {
  if (!mode) throw new AppError("bad_request", "Missing X-Iframe header");
  return mode;
}
function registerAuthRoutes(app2, ctx2) {
  const loginRoute = (url3) => app2.post(
    url3,
    {
      config: { policy: "public", plainTextErrors: true, acceptsFormBody: true, rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { tags: ["auth"], summary: "Sign in with e-mail and password", body: LoginSchema, response: { 200: TokenAnswer } }
    },
    async (request, reply) => {
      const { store, email: email2, password } = request.body;
      const keys = { account: accountKey(store, email2), address: addressKey(request.ip) };
      const now = ctx2.now();
      if (await isThrottled(ctx2.db, keys, now)) throw new AppError("rate_limited", MSG.tooManyAttempts);
      const [user] = await ctx2.db.select().from(users).where(and6(eq8(users.storeId, store), eq8(users.email, email2), isNull4(users.disabledAt)));
      const ok2 = await verifyPassword(user?.passwordHash ?? null, password);
      if (!ok2 || !user) {
        await recordFailure(ctx2.db, keys, now);
        throw new AppError("unauthorized", MSG.invalidCredentials);
      }
      await clearAccountFailures(ctx2.db, keys.account);
      const session = await startSession(ctx2, user);
      setSessionCookies(request, reply, frameMode(request) ?? "standalone", session.access, session.refresh);
      return session.access;
    }
  );
  loginRoute("/api/auth/public/login");
  loginRoute("/api/auth/proxy/login");
  app2.post(
    "/api/auth/public/refresh",
    {
      config: { policy: "public" },
      schema: { tags: ["auth"], summary: "Rotate the refresh token and issue a new access cookie", response: { 200: TokenAnswer } }
    },
    async (request, reply) => {
      const mode = requireFrame(frameMode(request));
      const presented = request.cookies[COOKIE.refresh[mode]];
      const session = presented ? await rotateSession(ctx2, presented) : null;
      if (!session) {
        clearSessionCookies(request, reply, mode);
        throw new AppError("unauthorized", MSG.signInRequired);
      }
      setSessionCookies(request, reply, mode, session.access, session.refresh);
      return session.access;
    }
  );
  app2.post(
    "/api/auth/public/logout",
    { config: { policy: "public" }, schema: { tags: ["auth"], summary: "End the session", response: { 200: Ok } } },
    async (request, reply) => {
      const mode = requireFrame(frameMode(request));
      const presented = request.cookies[COOKIE.refresh[mode]];
      if (presented) await revokeSessionByToken(ctx2, presented);
      clearSessionCookies(request, reply, mode);
      return { ok: true };
    }
  );
  app2.post(
    "/api/auth/public/change-password/request",
    {
      config: { policy: "public", plainTextErrors: true, acceptsFormBody: true, rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: { tags: ["auth"], summary: "E-mail a password code (201 for any address)", body: ChangePasswordRequestSchema, response: { 201: Ok } }
    },
    async (request, reply) => {
      await requestPasswordCode(ctx2, request.body.store, request.body.email);
      return reply.status(201).send({ ok: true });
    }
  );
  app2.post(
    "/api/auth/public/change-password/update",
    {
      config: { policy: "public", plainTextErrors: true, acceptsFormBody: true, rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: { tags: ["auth"], summary: "Set a new password with the mailed code, and sign in", body: ChangePasswordUpdateSchema, response: { 201: TokenAnswer } }
    },
    async (request, reply) => {
      const user = await updatePasswordWithCode(ctx2, request.body);
      const session = await startSession(ctx2, user);
      setSessionCookies(request, reply, frameMode(request) ?? "standalone", session.access, session.refresh);
      return reply.status(201).send(session.access);
    }
  );
  app2.post(
    "/api/auth/switch-vendor",
    {
      config: { policy: "admin" },
      schema: { tags: ["auth"], summary: 'Admin: act as one vendor, or "*" for the marketplace view', body: SwitchVendorSchema, response: { 200: TokenAnswer } }
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { vendor: vendor2 } = request.body;
      if (vendor2 !== MARKETPLACE_VIEW) {
        const [found] = await ctx2.db.select({ id: vendors.id }).from(vendors).where(and6(eq8(vendors.storeId, auth.storeId), eq8(vendors.name, vendor2)));
        if (!found) throw badRequest("Unknown vendor", [{ path: "vendor", message: "Unknown vendor" }]);
      }
      if (!auth.sessionId) throw badRequest("Switching vendors needs a browser session");
      const access = await switchVendorView(ctx2, auth.userId, auth.sessionId, vendor2);
      setSessionCookies(request, reply, frameMode(request) ?? "standalone", access);
      return access;
    }
  );
}

// src/server/modules/registration/routes.ts
import { z as z10 } from "zod";

// src/shared/schemas/registration.ts
import { z as z7 } from "zod";
var REGISTRATION_FIELD_TYPES = [
  "text",
  "textarea",
  "richtext",
  "checkbox",
  "select",
  "file",
  "terms",
  "video",
  "image",
  "media"
];
var RegistrationFieldSchema = z7.object({
  key: z7.string().trim().min(1, MSG.required).max(100),
  name: z7.string().trim().min(1, MSG.required).max(200),
  type: z7.enum(REGISTRATION_FIELD_TYPES).default("text"),
  required: z7.boolean().default(false),
  description: z7.string().max(5e3).optional().default(""),
  options: z7.array(z7.string().max(200)).max(200).optional().default([]),
  link: z7.string().max(2e3).optional().default("")
});
var EditableRegistrationFieldSchema = RegistrationFieldSchema.superRefine((field2, ctx2) => {
  if ((field2.type === "terms" || field2.type === "video") && !field2.link) ctx2.addIssue({ code: "custom", message: MSG.required, path: ["link"] });
  if (field2.link && !z7.url().safeParse(field2.link).success) ctx2.addIssue({ code: "custom", message: MSG.invalidUrl, path: ["link"] });
  if (field2.type === "checkbox" && field2.options.length < 1) ctx2.addIssue({ code: "custom", message: "There should be at least one choice", path: ["options"] });
  if (field2.type === "select" && field2.options.length < 2) ctx2.addIssue({ code: "custom", message: "There should be at least two choices", path: ["options"] });
});
var RegistrationFormSettingsSchema = z7.object({
  fields: z7.array(EditableRegistrationFieldSchema).max(100).refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, "Each field needs its own key"),
  enableApproval: z7.boolean()
});
var LogoSchema = z7.object({
  value: z7.string().default(""),
  src: z7.string().default(""),
  selected: z7.enum(["value", "src", "default"]).default("default")
});
var WordingsSchema = z7.object({
  vendor: z7.string().default("vendor"),
  vendors: z7.string().default("vendors"),
  product: z7.string().default("product"),
  products: z7.string().default("products"),
  specification: z7.string().default("specification"),
  commission: z7.string().default("commission"),
  finance: z7.string().default("finance"),
  marketplace: z7.string().default("marketplace")
});
var StoreRegistrationSchema = z7.object({
  store: z7.string(),
  shopName: z7.string(),
  requireApproval: z7.boolean(),
  registrationFields: z7.array(RegistrationFieldSchema),
  logo: LogoSchema,
  wordings: WordingsSchema,
  /** The store's colours, so the public screens can brand themselves (theme colour = indigo600). */
  colors: z7.record(z7.string(), z7.string())
});
var FieldValueSchema = z7.union([z7.string().max(2e4), z7.array(z7.string().max(2e3)).max(50), z7.boolean()]);
var ApplicationFieldSchema = z7.object({
  key: z7.string().max(100),
  value: FieldValueSchema,
  name: z7.string().max(200).optional().default("")
});
function isEmptyValue(value) {
  if (value == null) return true;
  if (typeof value === "boolean") return value === false;
  if (Array.isArray(value)) return value.filter((v2) => v2.trim() !== "").length === 0;
  return value.trim() === "";
}
var VendorApplicationSchema = z7.object({
  store: StoreIdSchema,
  vendorName: requiredText(200),
  email: EmailSchema,
  fields: z7.array(ApplicationFieldSchema).max(200).default([])
});
function vendorApplicationSchemaFor(definitions) {
  return VendorApplicationSchema.superRefine((application, ctx2) => {
    const answers = new Map(application.fields.map((f) => [f.key, f.value]));
    definitions.forEach((definition) => {
      if (definition.type === "video") return;
      const value = answers.get(definition.key);
      const path7 = ["fields", definition.key];
      if (definition.required && isEmptyValue(value)) {
        ctx2.addIssue({ code: "custom", message: MSG.required, path: path7 });
        return;
      }
      if (value == null || isEmptyValue(value)) return;
      const chosen = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
      if ((definition.type === "select" || definition.type === "checkbox") && definition.options.length > 0) {
        if (chosen.some((c) => !definition.options.includes(c))) {
          ctx2.addIssue({ code: "custom", message: "Choose one of the options", path: path7 });
        }
      }
    });
  });
}

// src/server/modules/stores/find-store.ts
import { eq as eq9 } from "drizzle-orm";

// src/shared/schemas/settings.ts
import { z as z9 } from "zod";

// src/shared/schemas/vendor-settings.ts
import { z as z8 } from "zod";
var DATE = /^\d{4}-\d{2}-\d{2}$/;
var HolidaysSchema = z8.object({
  enabled: z8.boolean({ error: MSG.required }),
  from: z8.union([z8.literal(""), z8.string().regex(DATE, "Must be a date like 2026-12-24")], { error: MSG.required }),
  to: z8.union([z8.literal(""), z8.string().regex(DATE, "Must be a date like 2026-12-24")], { error: MSG.required }),
  message: z8.string({ error: MSG.required }).max(1e3)
}).superRefine((h, ctx2) => {
  if (!h.enabled) return;
  if (!h.from) ctx2.addIssue({ code: "custom", message: MSG.required, path: ["from"] });
  if (!h.to) ctx2.addIssue({ code: "custom", message: MSG.required, path: ["to"] });
  if (!h.message.trim()) ctx2.addIssue({ code: "custom", message: MSG.required, path: ["message"] });
  if (h.from && h.to && h.to <= h.from) ctx2.addIssue({ code: "custom", message: "Should be before the start date", path: ["to"] });
});
var DEFAULT_HOLIDAYS = { enabled: false, from: "", to: "", message: "-" };
var required = z8.string({ error: MSG.required }).trim().min(1, MSG.required).max(200);
var AddressSchema = z8.object({
  name: required,
  company: z8.string().trim().max(200).default(""),
  street1: required,
  street2: z8.string().trim().max(200).default(""),
  city: required,
  state: z8.string().trim().max(100).default(""),
  zip: required,
  country: z8.string({ error: MSG.required }).trim().toUpperCase().regex(/^[A-Z]{2}$/, "Must be a 2-letter country code"),
  phone: required,
  email: z8.string({ error: MSG.required }).trim().min(1, MSG.required).pipe(z8.email({ error: MSG.invalidEmail })),
  is_residential: z8.boolean().default(false),
  metadata: z8.string().max(500).default("")
}).refine((a) => !["US", "AU"].includes(a.country) || a.state.length > 0, { message: "State is required", path: ["state"] });
var DISTANCE_UNITS = ["cm", "in", "ft", "m", "mm", "yd"];
var MASS_UNITS = ["g", "kg", "oz", "lb"];
var measure = z8.number({ error: "Must be a number" }).min(0, "Must be 0 or more");
var DefaultPackageSchema = z8.object({
  length: measure,
  width: measure,
  height: measure,
  distanceUnit: z8.enum(DISTANCE_UNITS),
  weight: measure,
  massUnit: z8.enum(MASS_UNITS)
});
var DEFAULT_PACKAGE = { length: 0, width: 0, height: 0, distanceUnit: "cm", weight: 0, massUnit: "kg" };
var LocalPickupSchema = z8.object({
  enabled: z8.boolean({ error: MSG.required }),
  instructions: z8.string({ error: MSG.required }).max(1e3)
});
var DEFAULT_LOCAL_PICKUP = { enabled: false, instructions: "" };
var ShipFromSchema = z8.object({
  shipFromAddress: AddressSchema,
  defaultPackage: DefaultPackageSchema,
  defaultLocalPickup: LocalPickupSchema
});
var CurrencySchema = z8.object({
  displayCurrency: z8.string({ error: MSG.required }).trim().toUpperCase().regex(/^[A-Z]{3}$/, "Must be a currency code like EUR")
});
var VendorSettingsSchema = z8.object({
  holidays: HolidaysSchema.default(DEFAULT_HOLIDAYS),
  shipFromAddress: AddressSchema.nullable().default(null),
  defaultPackage: DefaultPackageSchema.default(DEFAULT_PACKAGE),
  defaultLocalPickup: LocalPickupSchema.default(DEFAULT_LOCAL_PICKUP),
  displayCurrency: z8.string().nullable().default(null),
  autoApprove: z8.boolean().nullable().default(null),
  isManagedByMarketplace: z8.boolean().default(false)
});
var LenientVendorSettings = z8.object(
  Object.fromEntries(
    Object.entries(VendorSettingsSchema.shape).map(([key, schema]) => [key, schema.catch(() => schema.parse(void 0))])
  )
);
function resolveVendorSettings(stored) {
  return LenientVendorSettings.parse(stored && typeof stored === "object" ? stored : {});
}

// src/shared/schemas/settings.ts
var FEATURE_FLAGS = [
  "comments",
  "delivery",
  "specifications",
  "useFinanceV2",
  "display",
  "autoFulfillDigital",
  "discounts",
  "makeAnOffer",
  "messages",
  "holidayMode",
  "currencies",
  "integrations",
  "translations",
  "auditLogs",
  "dashboard",
  "catalog"
];
var FEATURES_ON = /* @__PURE__ */ new Set(["dashboard", "catalog"]);
var LENGTH_UNITS = ["cm", "in", "ft", "m", "mm", "yd"];
var WEIGHT_UNITS = ["GRAMS", "KILOGRAMS", "OUNCES", "POUNDS"];
var flag = (enabled) => z9.object({ enabled: z9.boolean() }).default({ enabled });
var integer8 = (min, max, label) => z9.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`);
var ColorsSchema = z9.object({
  indigo600: HexColorSchema.default("#4f46e5"),
  indigo800: HexColorSchema.default("#3730a3"),
  orange800: HexColorSchema.default("#9a3412"),
  green800: HexColorSchema.default("#166534")
});
var FeaturesSchema = z9.object(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, flag(FEATURES_ON.has(f))]))
);
var range = (max, label, defaults) => z9.object({ min: integer8(0, max, label), max: integer8(0, max, label) }).refine((r) => r.max >= r.min, { message: "Max should not be below min", path: ["max"] }).default(defaults);
var InputLimitSchema = z9.object({
  title: range(1e5, "Title length", { min: 3, max: 255 }),
  description: range(1e5, "Description length", { min: 0, max: 1e5 }),
  images: range(100, "Image count", { min: 0, max: 100 })
});
var EditableLogoSchema = LogoSchema.refine((l) => l.selected !== "value" || l.value.trim().length >= 3, {
  message: "Must be at least 3 characters",
  path: ["value"]
});
var email = z9.union([z9.literal(""), z9.email({ error: MSG.invalidEmail })]);
var url = z9.union([z9.literal(""), z9.url({ error: MSG.invalidUrl })]);
var SETTINGS_SECTIONS = {
  colors: ColorsSchema.default(ColorsSchema.parse({})),
  features: FeaturesSchema.default(FeaturesSchema.parse({})),
  translations: z9.object({
    enabled: z9.boolean().default(false),
    locales: z9.array(z9.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, "Must be a locale like nl or pt-BR")).max(50).default([]),
    dict: z9.record(z9.string(), z9.record(z9.string(), z9.string().max(5e3))).default({})
  }).default({ enabled: false, locales: [], dict: {} }),
  vendorPage: z9.object({
    enabled: z9.boolean().default(false),
    autoApprove: z9.boolean().default(false),
    collectionTemplate: z9.string().max(200).default(""),
    sections: z9.array(z9.object({ name: z9.string().trim().min(1, MSG.required).max(200), keys: z9.array(z9.string()).default([]) })).default([])
  }).default({ enabled: false, autoApprove: false, collectionTemplate: "", sections: [] }),
  defaultCommissions: z9.object({ min: z9.number().min(0).default(0), percentage: z9.number().min(0).max(100).default(10) }).default({ min: 0, percentage: 10 }),
  hasBeenOnBoarded: z9.boolean().default(false),
  inputLimit: InputLimitSchema.default(InputLimitSchema.parse({})),
  logoRegistration: EditableLogoSchema.default(LogoSchema.parse({})),
  logoText: EditableLogoSchema.default(LogoSchema.parse({})),
  membership: z9.object({
    enabled: z9.boolean().default(false),
    products: z9.number().int().min(0).nullable().default(null),
    trialDays: integer8(0, 365, "Trial days").default(0),
    documentationUrl: url.default("")
  }).default({ enabled: false, products: null, trialDays: 0, documentationUrl: "" }),
  notifications: z9.object({ sendingEmail: email.default(""), disableAll: z9.boolean().default(false) }).loose().default({ sendingEmail: "", disableAll: false }),
  payments: z9.object({
    stripeConnect: z9.object({ enabled: z9.boolean().default(false), isTestKey: z9.boolean().default(true) }).default({ enabled: false, isTestKey: true }),
    paypal: z9.object({ enabled: z9.boolean().default(false), isSandbox: z9.boolean().default(true) }).default({ enabled: false, isSandbox: true }),
    schedule: z9.enum(["manual", "weekly", "monthly"]).default("manual"),
    /** Automated payouts pay an order this many days after it was fulfilled (time for returns). */
    holdingDays: integer8(0, 365, "Holding days").default(14),
    /** Automated payouts skip a vendor whose amount is below this (major units of the currency). */
    minimumPayout: z9.number().min(0, "Must be at least 0").max(1e9).default(0)
  }).default({ stripeConnect: { enabled: false, isTestKey: true }, paypal: { enabled: false, isSandbox: true }, schedule: "manual", holdingDays: 14, minimumPayout: 0 }),
  registration: z9.object({ fields: z9.array(RegistrationFieldSchema).default([]), enableApproval: z9.boolean().default(true) }).default({ fields: [], enableApproval: true }),
  sections: z9.array(z9.string().max(100)).default([]),
  support: z9.object({ title: z9.string().max(200).default(""), email: email.default("") }).default({ title: "", email: "" }),
  templateSuffix: z9.string().max(100).default(""),
  wordings: WordingsSchema.default(WordingsSchema.parse({})),
  variants: z9.object({ enabled: z9.boolean().default(true) }).default({ enabled: true }),
  financeConfig: z9.object({
    includeDiscount: z9.boolean().default(false),
    includeShipping: z9.boolean().default(false),
    includeTax: z9.boolean().default(true),
    shippingInPayout: z9.boolean().default(true),
    discountInPayout: z9.boolean().default(false),
    taxInPayout: z9.boolean().default(false)
  }).default({ includeDiscount: false, includeShipping: false, includeTax: true, shippingInPayout: true, discountInPayout: false, taxInPayout: false }),
  appearance: z9.object({ useNextMenu: z9.enum(["classic", "all"]).default("classic") }).default({ useNextMenu: "classic" }),
  autoApprove: z9.object({ enabledDefault: z9.boolean().default(false) }).default({ enabledDefault: false }),
  defaultUnits: z9.object({ length: z9.enum(LENGTH_UNITS).default("cm"), weight: z9.enum(WEIGHT_UNITS).default("KILOGRAMS") }).default({ length: "cm", weight: "KILOGRAMS" }),
  orders: z9.object({ hiddenFields: z9.array(z9.string().max(100)).default(["billing", "customerEmail", "customerPhone"]) }).default({ hiddenFields: ["billing", "customerEmail", "customerPhone"] }),
  currency: z9.string().regex(/^[A-Z]{3}$/, "Must be a currency code like EUR").default("USD"),
  /** The marketplace's own holiday mode and ship-from address (vendors keep theirs in vendor settings). */
  holidays: HolidaysSchema.default(DEFAULT_HOLIDAYS),
  shipFrom: z9.object({
    shipFromAddress: AddressSchema.nullable().default(null),
    defaultPackage: DefaultPackageSchema.default(DEFAULT_PACKAGE),
    defaultLocalPickup: LocalPickupSchema.default(DEFAULT_LOCAL_PICKUP)
  }).default({ shipFromAddress: null, defaultPackage: DEFAULT_PACKAGE, defaultLocalPickup: DEFAULT_LOCAL_PICKUP }),
  commissions: z9.array(z9.unknown()).optional(),
  delivery: z9.unknown().optional()
};
var SettingsSchema = z9.strictObject(SETTINGS_SECTIONS);
var LenientSettingsSchema = z9.object(
  Object.fromEntries(
    Object.entries(SETTINGS_SECTIONS).map(([key, schema]) => [key, schema.catch(() => schema.parse(void 0))])
  )
);
function resolveSettings(stored) {
  return LenientSettingsSchema.parse(stored && typeof stored === "object" ? stored : {});
}
var OWNED_ELSEWHERE = ["notifications", "commissions", "delivery"];
var PATCHABLE_SECTIONS = Object.keys(SETTINGS_SECTIONS).filter(
  (key) => !OWNED_ELSEWHERE.includes(key)
);
var SettingsPatchSchema = z9.record(z9.string(), z9.unknown()).superRefine((patch, ctx2) => {
  for (const key of Object.keys(patch)) {
    if (!PATCHABLE_SECTIONS.includes(key)) ctx2.addIssue({ code: "custom", message: "This setting cannot be changed here", path: [key] });
  }
});

// src/server/modules/stores/find-store.ts
async function findStore(db, id) {
  const [row] = await db.select().from(stores).where(eq9(stores.id, id));
  return row ? { id: row.id, shopName: row.shopName, settings: resolveSettings(row.settings) } : null;
}
async function getStore(db, id) {
  const store = await findStore(db, id);
  if (!store) throw new AppError("not_found", MSG.unknownStore);
  return store;
}
async function resolvePublicStore(ctx2, explicit, host) {
  if (explicit) return getStore(ctx2.db, explicit);
  const mapped = host ? await findStoreIdByHost(ctx2.db, host) : null;
  return getStore(ctx2.db, mapped ?? ctx2.config.defaultStore ?? "demo");
}
async function findStoreIdByHost(db, host) {
  const [row] = await db.select().from(storeHosts).where(eq9(storeHosts.host, host.toLowerCase().replace(/:\d+$/, "")));
  return row?.storeId ?? null;
}

// src/server/modules/registration/confirm-application.ts
import { and as and8, eq as eq11, gt } from "drizzle-orm";

// src/server/modules/notifications/recipients.ts
import { and as and7, eq as eq10, isNull as isNull5 } from "drizzle-orm";
async function activeAdminEmails(db, storeId) {
  const admins = await db.select({ email: users.email }).from(users).where(and7(eq10(users.storeId, storeId), eq10(users.isAdmin, true), isNull5(users.disabledAt)));
  return admins.map((a) => a.email);
}
async function activeVendorEmails(db, storeId, vendorId) {
  const accounts = await db.select({ email: users.email }).from(users).where(and7(eq10(users.storeId, storeId), eq10(users.vendorId, vendorId), isNull5(users.disabledAt)));
  return accounts.map((a) => a.email);
}

// src/server/modules/registration/confirm-application.ts
async function confirmApplication(ctx2, token) {
  const now = ctx2.now();
  return ctx2.db.transaction(async (tx) => {
    const [application] = await tx.update(vendorApplications).set({ status: "pending", confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null, createdAt: now }).where(
      and8(
        eq11(vendorApplications.confirmTokenHash, sha256(token)),
        eq11(vendorApplications.status, "unconfirmed"),
        gt(vendorApplications.confirmExpiresAt, now)
      )
    ).returning();
    if (!application) return false;
    await ctx2.mailer.send(
      { storeId: application.storeId, template: "vendor-pending-approval", to: application.email, vars: { vendor: application.vendorName } },
      tx
    );
    for (const email2 of await activeAdminEmails(tx, application.storeId)) {
      await ctx2.mailer.send(
        {
          storeId: application.storeId,
          template: "marketplace-vendor-request",
          to: email2,
          vars: { vendor: application.vendorName, email: application.email, link: `${ctx2.config.publicUrl}/app/vendors` },
          dedupeKey: `vendor-request:${application.id}:${email2}`
        },
        tx
      );
    }
    return true;
  });
}

// src/server/modules/registration/submit-application.ts
import { and as and9, eq as eq12, lt as lt2 } from "drizzle-orm";

// src/server/lib/rich-text.ts
import sanitizeHtml from "sanitize-html";
var OPTIONS = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "div",
    "span",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "small",
    "mark",
    "blockquote",
    "code",
    "pre",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td"
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start"]
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // Dropped with their content: what they hold is code or markup, never text for a buyer.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "svg", "math", "template"],
  transformTags: {
    // A link that opens a new tab must not hand the buyer's page to it (window.opener).
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: "noopener noreferrer" } : attribs })
  }
};
function sanitizeRichText(html) {
  return sanitizeHtml(html, OPTIONS);
}

// src/server/modules/registration/submit-application.ts
var CONFIRM_MINUTES = 60;
async function submitApplication(ctx2, payload) {
  const store = await getStore(ctx2.db, payload.store);
  if (!store.settings.registration.enableApproval) throw new AppError("bad_request", MSG.registrationDisabled);
  const application = parseOrThrow(vendorApplicationSchemaFor(store.settings.registration.fields), payload);
  const definitions = new Map(store.settings.registration.fields.map((f) => [f.key, f]));
  const fields = application.fields.filter((f) => definitions.has(f.key)).map((f) => {
    const definition = definitions.get(f.key);
    const value = definition.type === "richtext" && typeof f.value === "string" ? sanitizeRichText(f.value) : f.value;
    return { key: f.key, value, name: definition.name };
  });
  const now = ctx2.now();
  const token = randomToken(32);
  await ctx2.db.transaction(async (tx) => {
    await tx.delete(vendorApplications).where(and9(eq12(vendorApplications.storeId, store.id), eq12(vendorApplications.status, "unconfirmed"), lt2(vendorApplications.confirmExpiresAt, now)));
    const [row] = await tx.insert(vendorApplications).values({
      storeId: store.id,
      email: application.email,
      vendorName: application.vendorName,
      fields,
      status: "unconfirmed",
      confirmTokenHash: sha256(token),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_MINUTES * 6e4)
    }).onConflictDoNothing().returning({ id: vendorApplications.id });
    if (!row) throw new AppError("conflict", MSG.applicationWaiting);
    await ctx2.mailer.send(
      {
        storeId: store.id,
        template: "auth-verify",
        to: application.email,
        vars: { link: confirmLink(ctx2, token), minutes: CONFIRM_MINUTES, vendor: application.vendorName }
      },
      tx
    );
  });
}
function confirmLink(ctx2, token) {
  return `${ctx2.config.publicUrl}/api/vendor/application/confirm?${new URLSearchParams({ token })}`;
}

// src/server/modules/registration/routes.ts
var ConfirmTokenSchema = z10.object({ token: z10.string().regex(/^[A-Za-z0-9_-]{20,100}$/, "This link is invalid or has expired") });
var page = (body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Confirm your e-mail</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#111;color:#fff;cursor:pointer}</style></head><body>${body}</body></html>`;
function registerRegistrationRoutes(app2, ctx2) {
  app2.get(
    "/api/store/registration",
    {
      config: { policy: "public" },
      schema: {
        tags: ["registration"],
        summary: "A store's public registration settings",
        querystring: z10.object({ store: StoreIdSchema.optional() }),
        response: { 200: StoreRegistrationSchema }
      }
    },
    async (request) => {
      const store = await resolvePublicStore(ctx2, request.query.store, request.hostname);
      return {
        store: store.id,
        shopName: store.shopName,
        requireApproval: store.settings.registration.enableApproval,
        registrationFields: store.settings.registration.fields,
        logo: store.settings.logoRegistration,
        wordings: store.settings.wordings,
        colors: store.settings.colors
      };
    }
  );
  app2.post(
    "/api/vendor/application",
    {
      config: { policy: "public", rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags: ["registration"],
        summary: "Apply to sell on a marketplace",
        body: VendorApplicationSchema,
        response: { 201: z10.object({ ok: z10.literal(true) }) }
      }
    },
    async (request, reply) => {
      await submitApplication(ctx2, request.body);
      return reply.status(201).send({ ok: true });
    }
  );
  app2.get(
    "/api/vendor/application/confirm",
    {
      config: { policy: "public", rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { tags: ["registration"], summary: "The page of the confirmation link (a button that confirms)", querystring: ConfirmTokenSchema, produces: ["text/html"] }
    },
    async (request, reply) => reply.type("text/html; charset=utf-8").send(
      page(
        `<h1>Confirm your e-mail</h1><p>Confirm your address to send your application to the marketplace.</p><form method="post" action="/api/vendor/application/confirm"><input type="hidden" name="token" value="${request.query.token}"><button type="submit">Confirm my e-mail</button></form>`
      )
    )
  );
  app2.post(
    "/api/vendor/application/confirm",
    {
      // The confirmation page's own form posts here (no script on that page), so this call takes forms.
      config: { policy: "public", acceptsFormBody: true, rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { tags: ["registration"], summary: "Confirm an applicant's e-mail address: the application reaches the admins", body: ConfirmTokenSchema, produces: ["text/html"] }
    },
    async (request, reply) => {
      const confirmed = await confirmApplication(ctx2, request.body.token);
      return reply.status(confirmed ? 200 : 400).type("text/html; charset=utf-8").send(
        page(
          confirmed ? `<h1>Thank you</h1><p>Your e-mail address is confirmed. Thank you for your application, we'll get back to you shortly.</p>` : `<h1>This link is invalid or has expired</h1><p>Please apply again.</p>`
        )
      );
    }
  );
}

// src/server/modules/settings/routes.ts
import { and as and10, eq as eq15 } from "drizzle-orm";
import { z as z12 } from "zod";

// src/shared/schemas/app-info.ts
import { z as z11 } from "zod";
var AppInfoSchema = z11.object({
  store: z11.string(),
  shopName: z11.string(),
  wordings: WordingsSchema,
  features: FeaturesSchema,
  colors: ColorsSchema,
  logo: LogoSchema,
  user: z11.object({
    email: z11.string(),
    name: z11.string().nullable(),
    vendor: z11.string(),
    admin: z11.boolean(),
    permissions: z11.array(z11.string())
  })
});

// src/server/modules/settings/store-settings.ts
import { eq as eq13, sql as sql11 } from "drizzle-orm";
var isPlainObject = (v2) => typeof v2 === "object" && v2 !== null && !Array.isArray(v2);
var REPLACED_WHOLE = /* @__PURE__ */ new Set(["translations.dict"]);
function deepMerge(base, patch, path7 = "") {
  if (!isPlainObject(base) || !isPlainObject(patch) || REPLACED_WHOLE.has(path7)) return patch;
  const out = { ...base };
  for (const [key, value] of Object.entries(patch)) out[key] = deepMerge(base[key], value, path7 ? `${path7}.${key}` : key);
  return out;
}
async function readStoreCurrency(db, storeId) {
  const [row] = await db.select({ currency: sql11`${stores.settings}->>'currency'` }).from(stores).where(eq13(stores.id, storeId));
  if (!row) throw notFound("Unknown store");
  return row.currency ?? resolveSettings({}).currency;
}
async function readStoreSettings(db, storeId) {
  const [row] = await db.select({ settings: stores.settings }).from(stores).where(eq13(stores.id, storeId));
  if (!row) throw notFound("Unknown store");
  return resolveSettings(row.settings);
}
async function patchStoreSettings(db, storeId, patch) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ settings: stores.settings }).from(stores).where(eq13(stores.id, storeId)).for("update");
    if (!row) throw notFound("Unknown store");
    const current = resolveSettings(row.settings);
    const next = parseOrThrow(strictInput(SettingsSchema), deepMerge(current, patch));
    await tx.update(stores).set({ settings: next }).where(eq13(stores.id, storeId));
    return next;
  });
}

// src/server/modules/settings/app-status.ts
var counters = [];
function addStatusCounter(counter) {
  counters.push(counter);
}
async function getAppStatus(ctx2, auth) {
  const settings = await readStoreSettings(ctx2.db, auth.storeId);
  const counts = { activeProducts: 0, draftProducts: 0, orders: 0, draftOrders: 0, missedMessages: 0 };
  for (const partial of await Promise.all(counters.map((count2) => count2(ctx2, auth)))) Object.assign(counts, partial);
  return {
    ...counts,
    shouldUpdate: false,
    listingLimit: settings.membership.enabled ? settings.membership.products : null,
    // Identity verification for the support widget: the user's e-mail signed with an install secret.
    signature: hmacHex(ctx2.uploadSecret, `${auth.storeId}:${auth.email}`),
    features: settings.features
  };
}
async function trackEvent(ctx2, auth, event, properties) {
  await ctx2.db.insert(appEvents).values({ storeId: auth.storeId, userId: auth.userId, event, properties });
}

// src/server/modules/settings/vendor-settings.ts
import { eq as eq14, sql as sql12 } from "drizzle-orm";
async function readVendorSettings(db, vendorId) {
  const [row] = await db.select({ settings: vendorSettings.settings }).from(vendorSettings).where(eq14(vendorSettings.vendorId, vendorId));
  return { ...row?.settings ?? {}, ...resolveVendorSettings(row?.settings) };
}
async function patchVendorSettings(db, storeId, vendorId, patch) {
  return db.transaction(async (tx) => {
    await tx.insert(vendorSettings).values({ vendorId, storeId, settings: {} }).onConflictDoNothing();
    const [row] = await tx.select().from(vendorSettings).where(eq14(vendorSettings.vendorId, vendorId)).for("update");
    const merged = deepMerge(row.settings, patch);
    const known = parseOrThrow(VendorSettingsSchema, merged);
    const next = { ...merged, ...known };
    await tx.update(vendorSettings).set({ settings: next, updatedAt: sql12`now()` }).where(eq14(vendorSettings.vendorId, vendorId));
    return next;
  });
}

// src/server/modules/settings/scoped-settings.ts
async function saveScopedSettings(ctx2, auth, vendorPatch, storePatch) {
  if (auth.vendorId) return patchVendorSettings(ctx2.db, auth.storeId, auth.vendorId, vendorPatch);
  return patchStoreSettings(ctx2.db, auth.storeId, storePatch);
}

// src/server/modules/settings/routes.ts
var AnySettings = z12.record(z12.string(), z12.unknown());
async function safeSettings(ctx2, storeId, settings) {
  return { ...settings, notifications: toNotificationSettingsView(await readNotificationSettings(ctx2.db, storeId)) };
}
var Ok2 = z12.object({ ok: z12.literal(true) });
var tags = ["settings"];
function registerSettingsRoutes(app2, ctx2) {
  app2.get(
    "/api/app/info",
    { config: { policy: "user" }, schema: { tags, summary: "The signed-in user's store: name, wordings, features", response: { 200: AppInfoSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const store = await getStore(ctx2.db, auth.storeId);
      return {
        store: store.id,
        shopName: store.shopName,
        wordings: store.settings.wordings,
        features: store.settings.features,
        colors: store.settings.colors,
        logo: store.settings.logoText,
        user: { email: auth.email, name: auth.name, vendor: auth.vendor, admin: auth.isAdmin, permissions: permissionsFor({ admin: auth.isAdmin }) }
      };
    }
  );
  app2.get(
    "/api/settings",
    {
      config: { policy: "user" },
      schema: {
        tags,
        summary: "The store's settings, and the vendor's own (an admin names the vendor with forVendor)",
        querystring: z12.object({ forVendor: z12.string().trim().max(200).optional() }),
        response: { 200: z12.object({ settings: AnySettings, vendorSettings: AnySettings.nullable() }) }
      }
    },
    async (request) => {
      const auth = requireAuth(request);
      const settings = await readStoreSettings(ctx2.db, auth.storeId);
      let vendorId = auth.vendorId;
      if (auth.isAdmin && request.query.forVendor) {
        const [vendor2] = await ctx2.db.select({ id: vendors.id }).from(vendors).where(and10(eq15(vendors.storeId, auth.storeId), eq15(vendors.name, request.query.forVendor)));
        if (!vendor2) throw notFound("Unknown vendor");
        vendorId = vendor2.id;
      }
      return { settings: await safeSettings(ctx2, auth.storeId, settings), vendorSettings: vendorId ? await readVendorSettings(ctx2.db, vendorId) : null };
    }
  );
  app2.patch(
    "/api/app/info/features",
    {
      config: { policy: "admin" },
      schema: {
        tags,
        summary: "Change settings sections (features, wordings, colours, logos, membership, ...): merged, validated whole",
        body: z12.object({ features: SettingsPatchSchema }),
        response: { 200: z12.object({ settings: AnySettings }) }
      }
    },
    async (request) => {
      const { storeId } = requireAuth(request);
      return { settings: await safeSettings(ctx2, storeId, await patchStoreSettings(ctx2.db, storeId, request.body.features)) };
    }
  );
  app2.get(
    "/api/app/status",
    {
      config: { policy: "user" },
      schema: {
        tags,
        summary: "Counters and flags for the shell",
        response: {
          200: z12.object({
            activeProducts: z12.number(),
            draftProducts: z12.number(),
            orders: z12.number(),
            draftOrders: z12.number(),
            shouldUpdate: z12.boolean(),
            listingLimit: z12.number().nullable(),
            missedMessages: z12.number(),
            signature: z12.string(),
            features: FeaturesSchema
          })
        }
      }
    },
    async (request) => getAppStatus(ctx2, requireAuth(request))
  );
  app2.post(
    "/api/app/track",
    {
      config: { policy: "user", rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Record a usage event",
        body: z12.object({
          event: z12.string().trim().min(1, "Required field").max(100),
          properties: z12.record(z12.string().max(100), z12.union([z12.string().max(1e3), z12.number(), z12.boolean(), z12.null()])).default({})
        }),
        response: { 201: Ok2 }
      }
    },
    async (request, reply) => {
      const { event, properties } = request.body;
      if (Object.keys(properties).length > 50) throw badRequest("At most 50 properties");
      await trackEvent(ctx2, requireAuth(request), event, properties);
      return reply.status(201).send({ ok: true });
    }
  );
  app2.get(
    "/api/app/info/shop",
    {
      config: { policy: "user" },
      schema: {
        tags,
        summary: "The storefront's locations, publications and locales",
        response: {
          200: z12.object({
            locations: z12.array(z12.object({ id: z12.string(), name: z12.string() })),
            publications: z12.array(z12.object({ id: z12.string(), name: z12.string() })),
            locales: z12.array(z12.object({ locale: z12.string(), primary: z12.boolean(), published: z12.boolean() }))
          })
        }
      }
    },
    async (request) => {
      const auth = requireAuth(request);
      const store = await getStore(ctx2.db, auth.storeId);
      const extra = store.settings.translations.enabled ? store.settings.translations.locales : [];
      return {
        locations: [{ id: "local-default", name: `${store.shopName} warehouse` }],
        publications: [{ id: "local-catalog", name: "Public catalog" }],
        locales: [{ locale: "en", primary: true, published: true }, ...extra.filter((l) => l !== "en").map((locale) => ({ locale, primary: false, published: true }))]
      };
    }
  );
  app2.put(
    "/api/app/metafields/collection",
    {
      config: { policy: "admin" },
      schema: {
        tags,
        summary: "The vendor registration form: its fields and whether applications are open",
        body: RegistrationFormSettingsSchema,
        response: { 200: z12.object({ settings: AnySettings }) }
      }
    },
    async (request) => {
      const { storeId } = requireAuth(request);
      return { settings: await safeSettings(ctx2, storeId, await patchStoreSettings(ctx2.db, storeId, { registration: request.body })) };
    }
  );
  app2.put(
    "/api/settings/currency",
    { config: { policy: "user" }, schema: { tags, summary: "The display currency (vendor, or the marketplace in its view)", body: CurrencySchema, response: { 200: Ok2 } } },
    async (request) => {
      const { displayCurrency } = request.body;
      await saveScopedSettings(ctx2, requireAuth(request), { displayCurrency }, { currency: displayCurrency });
      return { ok: true };
    }
  );
  app2.put(
    "/api/settings/holidays",
    { config: { policy: "user" }, schema: { tags, summary: "Holiday mode", body: HolidaysSchema, response: { 200: Ok2 } } },
    async (request) => {
      await saveScopedSettings(ctx2, requireAuth(request), { holidays: request.body }, { holidays: request.body });
      return { ok: true };
    }
  );
  app2.put(
    "/api/settings/ship-from-address",
    { config: { policy: "user" }, schema: { tags, summary: "Ship-from address, default package and local pickup", body: ShipFromSchema, response: { 200: Ok2 } } },
    async (request) => {
      await saveScopedSettings(ctx2, requireAuth(request), request.body, { shipFrom: request.body });
      return { ok: true };
    }
  );
}

// src/server/modules/vendors/routes.ts
import { and as and15, asc as asc2, eq as eq20, isNull as isNull7 } from "drizzle-orm";
import { z as z14 } from "zod";

// src/shared/schemas/vendors.ts
import { z as z13 } from "zod";
var VendorNameSchema = requiredText(200);
var APPLICATION_STATUSES = ["pending", "approved", "rejected"];
var ApplicationStatusSchema = z13.object({
  status: z13.enum(["approved", "rejected"], { error: "Status must be approved or rejected" })
});
var VendorIdentitySchema = z13.object({
  identity: z13.object({
    email: EmailSchema,
    name: z13.string().trim().max(200).optional()
  })
});
var RenameVendorSchema = z13.object({ oldVendor: VendorNameSchema, newVendor: VendorNameSchema }).refine((v2) => v2.oldVendor !== v2.newVendor, { message: "The new name must differ from the old one", path: ["newVendor"] });
var ApplicationSchema = z13.object({
  id: z13.string(),
  email: z13.string(),
  vendorName: z13.string(),
  fields: z13.array(z13.object({ key: z13.string(), value: z13.unknown(), name: z13.string() })),
  status: z13.enum(APPLICATION_STATUSES),
  createdAt: z13.string(),
  decidedAt: z13.string().nullable(),
  decidedBy: z13.string().nullable()
});
var VendorSummarySchema = z13.object({
  id: z13.string(),
  name: z13.string(),
  isActive: z13.boolean(),
  createdAt: z13.string(),
  accounts: z13.array(z13.object({ email: z13.string(), name: z13.string().nullable(), hasPassword: z13.boolean() }))
});
var VendorsAnswerSchema = z13.object({
  applications: z13.array(ApplicationSchema),
  vendors: z13.array(VendorSummarySchema),
  vendorsWithoutAccount: z13.array(z13.string())
});
var VendorsQuerySchema = z13.object({
  q: z13.string().trim().max(200).optional(),
  /** Applications by status; pending by default, since that is the admin's to-do list. */
  applicationStatus: z13.enum([...APPLICATION_STATUSES, "all"]).default("pending")
});
var VENDOR_MESSAGES = {
  exists: "A vendor with this name already exists",
  accountExists: "An account with this e-mail already exists",
  decided: "This application has already been decided",
  hasAccount: "This vendor already has an account",
  unknownVendor: "Unknown vendor",
  hasOrders: "This vendor has orders: its order and payout records must stay, so it cannot be deleted",
  required: MSG.required
};

// src/server/modules/vendors/decide-application.ts
import { and as and12, eq as eq17 } from "drizzle-orm";

// src/server/modules/vendors/invite-vendor-user.ts
import { and as and11, eq as eq16 } from "drizzle-orm";
async function inviteVendorUser(ctx2, tx, input) {
  const [existing] = await tx.select({ id: users.id }).from(users).where(and11(eq16(users.storeId, input.storeId), eq16(users.email, input.email)));
  if (existing) throw new AppError("conflict", VENDOR_MESSAGES.accountExists);
  const [user] = await tx.insert(users).values({ storeId: input.storeId, email: input.email, name: input.name || null, vendorId: input.vendorId }).returning();
  const code2 = await createPasswordCode(tx, ctx2.now(), user.id, "invite");
  await ctx2.mailer.send(
    {
      storeId: input.storeId,
      template: "auth-invite",
      to: input.email,
      vars: { code: code2, link: changePasswordLink(ctx2, input.storeId, input.email, code2), vendor: input.vendorName }
    },
    tx
  );
  return user;
}

// src/server/modules/vendors/decide-application.ts
async function decideApplication(ctx2, auth, id, status) {
  await ctx2.db.transaction(async (tx) => {
    const [application] = await tx.select().from(vendorApplications).where(and12(eq17(vendorApplications.id, id), eq17(vendorApplications.storeId, auth.storeId))).for("update");
    if (!application || application.status === "unconfirmed") throw notFound("Application not found");
    if (application.status !== "pending") throw new AppError("conflict", VENDOR_MESSAGES.decided);
    const decidedAt = ctx2.now();
    await tx.update(vendorApplications).set({ status, decidedAt, decidedBy: auth.userId }).where(eq17(vendorApplications.id, id));
    if (status === "rejected") {
      await ctx2.mailer.send(
        { storeId: auth.storeId, template: "vendor-rejection", to: application.email, vars: { vendor: application.vendorName } },
        tx
      );
      return;
    }
    const [taken] = await tx.select({ id: vendors.id }).from(vendors).where(and12(eq17(vendors.storeId, auth.storeId), eq17(vendors.name, application.vendorName)));
    if (taken) throw new AppError("conflict", VENDOR_MESSAGES.exists);
    const [vendor2] = await tx.insert(vendors).values({ storeId: auth.storeId, name: application.vendorName }).returning();
    await inviteVendorUser(ctx2, tx, {
      storeId: auth.storeId,
      vendorId: vendor2.id,
      vendorName: vendor2.name,
      email: application.email
    });
    const admins = await tx.select({ email: users.email }).from(users).where(and12(eq17(users.storeId, auth.storeId), eq17(users.isAdmin, true)));
    for (const admin of admins) {
      await ctx2.mailer.send(
        { storeId: auth.storeId, template: "marketplace-new-vendor", to: admin.email, vars: { vendor: vendor2.name, email: application.email } },
        tx
      );
    }
  });
}

// src/server/modules/vendors/list-vendors.ts
import { and as and13, asc, desc as desc2, eq as eq18, ilike, inArray as inArray2, isNull as isNull6, ne, sql as sql13 } from "drizzle-orm";
var VENDORS_LIMIT = 1e3;
var APPLICATIONS_LIMIT = 500;
var escapeLike = (q) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
async function listVendors(ctx2, storeId, query) {
  const like = query.q ? `%${escapeLike(query.q)}%` : null;
  const vendorFilter = [eq18(vendors.storeId, storeId)];
  if (like) vendorFilter.push(ilike(vendors.name, like));
  const vendorRows = await ctx2.db.select().from(vendors).where(and13(...vendorFilter)).orderBy(asc(vendors.name)).limit(VENDORS_LIMIT);
  const accounts = vendorRows.length ? await ctx2.db.select({ vendorId: users.vendorId, email: users.email, name: users.name, hasPassword: sql13`${users.passwordHash} is not null` }).from(users).where(and13(eq18(users.storeId, storeId), inArray2(users.vendorId, vendorRows.map((v2) => v2.id)), isNull6(users.disabledAt))) : [];
  const applicationFilter = [eq18(vendorApplications.storeId, storeId)];
  applicationFilter.push(query.applicationStatus === "all" ? ne(vendorApplications.status, "unconfirmed") : eq18(vendorApplications.status, query.applicationStatus));
  if (like) applicationFilter.push(sql13`(${vendorApplications.vendorName} ilike ${like} or ${vendorApplications.email} ilike ${like})`);
  const applications = await ctx2.db.select({ application: vendorApplications, decidedBy: users.email }).from(vendorApplications).leftJoin(users, eq18(users.id, vendorApplications.decidedBy)).where(and13(...applicationFilter)).orderBy(desc2(vendorApplications.createdAt)).limit(APPLICATIONS_LIMIT);
  const vendorsOut = vendorRows.map((v2) => ({
    id: v2.id,
    name: v2.name,
    isActive: v2.isActive,
    createdAt: v2.createdAt.toISOString(),
    accounts: accounts.filter((a) => a.vendorId === v2.id).map(({ email: email2, name, hasPassword }) => ({ email: email2, name, hasPassword: Boolean(hasPassword) }))
  }));
  return {
    vendors: vendorsOut,
    vendorsWithoutAccount: vendorsOut.filter((v2) => v2.accounts.length === 0).map((v2) => v2.name),
    applications: applications.map(({ application: a, decidedBy }) => ({
      id: a.id,
      email: a.email,
      vendorName: a.vendorName,
      fields: a.fields,
      status: a.status,
      createdAt: a.createdAt.toISOString(),
      decidedAt: a.decidedAt?.toISOString() ?? null,
      decidedBy: decidedBy ?? null
    }))
  };
}

// src/server/modules/vendors/manage-vendors.ts
import { and as and14, eq as eq19 } from "drizzle-orm";
async function getVendorByName(db, storeId, name) {
  const [vendor2] = await db.select().from(vendors).where(and14(eq19(vendors.storeId, storeId), eq19(vendors.name, name)));
  if (!vendor2) throw notFound(VENDOR_MESSAGES.unknownVendor);
  return vendor2;
}
async function createVendorAccount(ctx2, storeId, vendorName, identity) {
  await ctx2.db.transaction(async (tx) => {
    const vendor2 = await getVendorByName(tx, storeId, vendorName);
    const [account2] = await tx.select({ id: users.id }).from(users).where(eq19(users.vendorId, vendor2.id));
    if (account2) throw new AppError("conflict", VENDOR_MESSAGES.hasAccount);
    await inviteVendorUser(ctx2, tx, { storeId, vendorId: vendor2.id, vendorName: vendor2.name, email: identity.email, name: identity.name });
  });
}
async function renameVendor(ctx2, storeId, input) {
  await ctx2.db.transaction(async (tx) => {
    const vendor2 = await getVendorByName(tx, storeId, input.oldVendor);
    const [taken] = await tx.select({ id: vendors.id }).from(vendors).where(and14(eq19(vendors.storeId, storeId), eq19(vendors.name, input.newVendor)));
    if (taken) throw new AppError("conflict", VENDOR_MESSAGES.exists);
    await tx.update(vendors).set({ name: input.newVendor }).where(eq19(vendors.id, vendor2.id));
  });
}
async function deleteVendor(ctx2, storeId, vendorName) {
  await ctx2.db.transaction(async (tx) => {
    const vendor2 = await getVendorByName(tx, storeId, vendorName);
    const [sold] = await tx.select({ id: vendorOrders.id }).from(vendorOrders).where(and14(eq19(vendorOrders.storeId, storeId), eq19(vendorOrders.vendorId, vendor2.id))).limit(1);
    if (sold) throw new AppError("conflict", VENDOR_MESSAGES.hasOrders);
    await tx.delete(vendors).where(eq19(vendors.id, vendor2.id));
  });
}

// src/server/modules/vendors/routes.ts
var Ok3 = z14.object({ ok: z14.literal(true) });
var ok = { ok: true };
var tags2 = ["vendors"];
function registerVendorRoutes(app2, ctx2) {
  app2.get(
    "/api/vendors",
    {
      config: { policy: "admin" },
      schema: { tags: tags2, summary: "Vendors, applications and vendors without an account", querystring: VendorsQuerySchema, response: { 200: VendorsAnswerSchema } }
    },
    async (request) => listVendors(ctx2, requireAuth(request).storeId, request.query)
  );
  app2.put(
    "/api/vendors/application/:id/status",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags2,
        summary: "Approve (creates the vendor, its account and sends the invite) or reject an application",
        params: z14.object({ id: z14.uuid({ error: "Application not found" }) }),
        body: ApplicationStatusSchema,
        response: { 200: Ok3 }
      }
    },
    async (request) => {
      await decideApplication(ctx2, requireAuth(request), request.params.id, request.body.status);
      return ok;
    }
  );
  app2.put(
    "/api/vendors/rename",
    { config: { policy: "admin" }, schema: { tags: tags2, summary: "Rename a vendor", body: RenameVendorSchema, response: { 200: Ok3 } } },
    async (request) => {
      await renameVendor(ctx2, requireAuth(request).storeId, request.body);
      return ok;
    }
  );
  app2.post(
    "/api/vendors/:vendor",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags2,
        summary: "Create the account of a vendor that has none and send the invite",
        params: z14.object({ vendor: VendorNameSchema }),
        body: VendorIdentitySchema,
        response: { 201: Ok3 }
      }
    },
    async (request, reply) => {
      await createVendorAccount(ctx2, requireAuth(request).storeId, request.params.vendor, request.body.identity);
      return reply.status(201).send(ok);
    }
  );
  app2.delete(
    "/api/vendors/:vendor",
    { config: { policy: "admin" }, schema: { tags: tags2, summary: "Delete a vendor and its accounts", params: z14.object({ vendor: VendorNameSchema }), response: { 200: Ok3 } } },
    async (request) => {
      await deleteVendor(ctx2, requireAuth(request).storeId, request.params.vendor);
      return ok;
    }
  );
  app2.get(
    "/api/stores",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags2,
        summary: "The stores this admin e-mail administers",
        response: { 200: z14.object({ stores: z14.array(z14.object({ id: z14.string(), shopName: z14.string(), current: z14.boolean() })) }) }
      }
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await ctx2.db.select({ id: stores.id, shopName: stores.shopName }).from(users).innerJoin(stores, eq20(stores.id, users.storeId)).where(and15(eq20(users.email, auth.email), eq20(users.isAdmin, true), isNull7(users.disabledAt))).orderBy(asc2(stores.shopName));
      return { stores: rows.map((s) => ({ ...s, current: s.id === auth.storeId })) };
    }
  );
}

// src/server/modules/metafields/routes.ts
import { and as and16, asc as asc3, eq as eq21, sql as sql14 } from "drizzle-orm";
import { z as z16 } from "zod";

// src/shared/schemas/metafields.ts
import { z as z15 } from "zod";
var METAFIELD_TYPES = [
  "input",
  "textarea",
  "select",
  "checkbox",
  "product",
  "terms",
  "video",
  "file",
  "image",
  "media",
  "richtext",
  "date",
  "date_time",
  "url",
  "list_media"
];
var METAFIELD_OWNERS = ["products", "collections"];
var MetafieldDefinitionSchema = z15.object({
  key: z15.string({ error: MSG.required }).trim().min(1, MSG.required).max(64).regex(/^[a-z0-9_][a-z0-9_-]*$/i, "Use letters, digits, - and _ only"),
  name: z15.string({ error: MSG.required }).trim().min(1, MSG.required).max(200),
  description: z15.string().max(5e3).default(""),
  type: z15.enum(METAFIELD_TYPES, { error: "Choose a type" }),
  link: z15.string().trim().max(2e3).default(""),
  options: z15.array(z15.string().trim().min(1, MSG.required).max(200)).max(500).default([]),
  showOnVendorPage: z15.boolean().default(false),
  registration: z15.boolean().default(false),
  required: z15.boolean().default(false)
}).superRefine((d, ctx2) => {
  if (d.type === "terms" && !d.link) ctx2.addIssue({ code: "custom", message: MSG.required, path: ["link"] });
  if (d.link && !z15.url().safeParse(d.link).success) ctx2.addIssue({ code: "custom", message: MSG.invalidUrl, path: ["link"] });
  if (d.type === "checkbox" && d.options.length < 1) ctx2.addIssue({ code: "custom", message: "There should be at least one choice", path: ["options"] });
  if (d.type === "select" && d.options.length < 2) ctx2.addIssue({ code: "custom", message: "There should be at least two choices", path: ["options"] });
});
var SaveMetafieldSchema = z15.object({
  owner: z15.enum(METAFIELD_OWNERS).default("products"),
  id: z15.uuid().optional(),
  validation: z15.object({ options: z15.array(z15.string()).optional(), link: z15.string().optional(), required: z15.boolean().optional() }).optional()
}).loose();
function definitionOf(body) {
  const { owner: _owner, id: _id, validation, ...definition } = body;
  return { ...definition, ...validation };
}
var StoredMetafieldSchema = z15.object({ id: z15.string(), owner: z15.enum(METAFIELD_OWNERS) }).and(MetafieldDefinitionSchema);

// src/server/modules/metafields/routes.ts
var tags3 = ["metafields"];
var Stored = z16.object({ id: z16.string(), owner: z16.enum(METAFIELD_OWNERS), position: z16.number() }).catchall(z16.unknown());
var toAnswer = (row) => ({ ...row.definition, id: row.id, owner: row.owner, position: row.position });
function registerMetafieldRoutes(app2, ctx2) {
  app2.get(
    "/api/metafields",
    {
      config: { policy: "user" },
      schema: {
        tags: tags3,
        summary: "Metafield definitions of products or collections (vendors read them to fill products)",
        querystring: z16.object({ owner: z16.enum(METAFIELD_OWNERS).default("products") }),
        response: { 200: z16.object({ metafields: z16.array(Stored) }) }
      }
    },
    async (request) => {
      const rows = await ctx2.db.select().from(metafieldDefinitions).where(and16(eq21(metafieldDefinitions.storeId, requireAuth(request).storeId), eq21(metafieldDefinitions.owner, request.query.owner))).orderBy(asc3(metafieldDefinitions.position), asc3(metafieldDefinitions.createdAt));
      return { metafields: rows.map(toAnswer) };
    }
  );
  app2.post(
    "/api/metafields",
    {
      config: { policy: "admin" },
      schema: { tags: tags3, summary: "Create or update a metafield definition", body: SaveMetafieldSchema, response: { 200: Stored } }
    },
    async (request) => {
      const { storeId } = requireAuth(request);
      const definition = parseOrThrow(MetafieldDefinitionSchema, definitionOf(request.body));
      const { owner, id } = request.body;
      return ctx2.db.transaction(async (tx) => {
        const [clash] = await tx.select({ id: metafieldDefinitions.id }).from(metafieldDefinitions).where(and16(eq21(metafieldDefinitions.storeId, storeId), eq21(metafieldDefinitions.owner, owner), eq21(metafieldDefinitions.key, definition.key)));
        if (clash && clash.id !== id) throw new AppError("conflict", "A metafield with this key already exists", [{ path: "key", message: "A metafield with this key already exists" }]);
        if (id) {
          const [updated] = await tx.update(metafieldDefinitions).set({ key: definition.key, definition, updatedAt: sql14`now()` }).where(and16(eq21(metafieldDefinitions.id, id), eq21(metafieldDefinitions.storeId, storeId), eq21(metafieldDefinitions.owner, owner))).returning();
          if (!updated) throw notFound("Metafield not found");
          return toAnswer(updated);
        }
        const [{ next }] = await tx.select({ next: sql14`coalesce(max(${metafieldDefinitions.position}) + 1, 0)::int` }).from(metafieldDefinitions).where(and16(eq21(metafieldDefinitions.storeId, storeId), eq21(metafieldDefinitions.owner, owner)));
        const [created] = await tx.insert(metafieldDefinitions).values({ storeId, owner, key: definition.key, definition, position: next }).returning();
        return toAnswer(created);
      });
    }
  );
  app2.delete(
    "/api/metafields",
    {
      config: { policy: "admin" },
      schema: { tags: tags3, summary: "Delete a metafield definition", body: z16.object({ id: z16.uuid({ error: "Metafield not found" }) }), response: { 200: z16.object({ ok: z16.literal(true) }) } }
    },
    async (request) => {
      const deleted = await ctx2.db.delete(metafieldDefinitions).where(and16(eq21(metafieldDefinitions.id, request.body.id), eq21(metafieldDefinitions.storeId, requireAuth(request).storeId))).returning({ id: metafieldDefinitions.id });
      if (deleted.length === 0) throw notFound("Metafield not found");
      return { ok: true };
    }
  );
}

// src/server/modules/vendor-page/routes.ts
import { and as and17, asc as asc4, eq as eq22 } from "drizzle-orm";
import { z as z18 } from "zod";

// src/shared/metafield-properties.ts
var SHOW_ALWAYS = "__alway";
var SHOW_NEVER = "__never";
function splitUnescaped(input, separator) {
  const parts = [];
  let current = "";
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === "\\" && i + 1 < input.length) {
      current += c + input[++i];
    } else if (c === separator) {
      parts.push(current);
      current = "";
    } else current += c;
  }
  parts.push(current);
  return parts;
}
var unescape = (value) => value.replace(/\\(.)/g, "$1");
function findBlock(description) {
  for (let i = 0; i < description.length; i++) {
    if (description[i] === "\\") {
      i++;
      continue;
    }
    if (description[i] !== "{") continue;
    for (let j = i + 1; j < description.length; j++) {
      if (description[j] === "\\") {
        j++;
        continue;
      }
      if (description[j] === "}") return { start: i, end: j };
    }
    return null;
  }
  return null;
}
function parseDescription(description) {
  const source = description ?? "";
  const block = findBlock(source);
  if (!block) return { text: unescape(source).trim(), properties: {} };
  const properties = {};
  for (const pair of splitUnescaped(source.slice(block.start + 1, block.end), "|")) {
    const [rawKey, ...rest] = splitUnescaped(pair, ":");
    const key = unescape(rawKey).trim();
    const value = unescape(rest.join(":")).trim();
    if (key === "show") properties.show = value;
    else if (key === "showWhen") properties.showWhen = value;
    else if (key === "required") properties.required = value === "true";
  }
  const text16 = (source.slice(0, block.start) + source.slice(block.end + 1)).trim();
  return { text: unescape(text16), properties };
}
function isFieldShown(properties, values) {
  const show = properties.show;
  if (!show || show === SHOW_ALWAYS) return true;
  if (show === SHOW_NEVER) return false;
  const other = values[show];
  const present = (v2) => v2 !== void 0 && v2 !== null && v2 !== "" && v2 !== false && !(Array.isArray(v2) && v2.length === 0);
  if (!properties.showWhen) return present(other);
  if (Array.isArray(other)) return other.map(String).includes(properties.showWhen);
  return String(other ?? "") === properties.showWhen;
}

// src/shared/schemas/vendor-page.ts
import { z as z17 } from "zod";
var VENDOR_PAGE_STATUSES = ["draft", "pending", "approved"];
var VendorPageInputSchema = z17.object({
  description: z17.string({ error: MSG.required }).max(1e5),
  imageUrl: z17.union([z17.literal(""), z17.url({ error: MSG.invalidUrl })], { error: MSG.required }),
  metafields: z17.array(z17.object({ key: z17.string().trim().min(1, MSG.required).max(64), value: z17.union([z17.string().max(65536), z17.array(z17.string().max(2e3)).max(100), z17.boolean()]) }), { error: MSG.required }).max(200)
});
var VendorPageSchema = VendorPageInputSchema.extend({
  description: VendorPageInputSchema.shape.description.default(""),
  imageUrl: VendorPageInputSchema.shape.imageUrl.default(""),
  metafields: VendorPageInputSchema.shape.metafields.default([]),
  status: z17.enum(VENDOR_PAGE_STATUSES).default("draft"),
  updatedAt: z17.string().nullable().default(null)
});
var VendorPageActionSchema = z17.object({
  action: z17.enum(["approve", "unapprove"], { error: "Action must be approve or unapprove" }),
  vendor: z17.string().trim().min(1, MSG.required).max(200)
});

// src/server/modules/vendor-page/routes.ts
var tags4 = ["vendors"];
var Ok4 = z18.object({ ok: z18.literal(true) });
async function pageDefinitions(db, storeId) {
  const rows = await db.select({ key: metafieldDefinitions.key, definition: metafieldDefinitions.definition }).from(metafieldDefinitions).where(and17(eq22(metafieldDefinitions.storeId, storeId), eq22(metafieldDefinitions.owner, "collections"))).orderBy(asc4(metafieldDefinitions.position));
  return rows.filter((r) => r.definition.showOnVendorPage === true).map((r) => ({ ...r.definition, key: r.key }));
}
async function readPage(db, vendorId) {
  const settings = await readVendorSettings(db, vendorId);
  const page2 = VendorPageSchema.catch(VendorPageSchema.parse({})).parse(settings.vendorPage ?? {});
  return { ...page2, description: sanitizeRichText(page2.description) };
}
function requireVendorScope(vendorId) {
  if (!vendorId) throw badRequest("Switch to a vendor to edit its page");
  return vendorId;
}
function registerVendorPageRoutes(app2, ctx2) {
  app2.get(
    "/api/vendors/v2/definitions",
    {
      config: { policy: "user" },
      schema: {
        tags: tags4,
        summary: "The vendor page's fields and sections, and the caller's page",
        response: { 200: z18.object({ definitions: z18.array(z18.record(z18.string(), z18.unknown())), sections: z18.array(z18.object({ name: z18.string(), keys: z18.array(z18.string()) })), enabled: z18.boolean(), page: VendorPageSchema.nullable() }) }
      }
    },
    async (request) => {
      const auth = requireAuth(request);
      const settings = await readStoreSettings(ctx2.db, auth.storeId);
      return {
        definitions: await pageDefinitions(ctx2.db, auth.storeId),
        sections: settings.vendorPage.sections,
        enabled: settings.vendorPage.enabled,
        page: auth.vendorId ? await readPage(ctx2.db, auth.vendorId) : null
      };
    }
  );
  app2.post(
    "/api/vendors/v2",
    { config: { policy: "user" }, schema: { tags: tags4, summary: "Save the vendor's page (description, image, fields)", body: VendorPageInputSchema, response: { 200: VendorPageSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      const vendorId = requireVendorScope(auth.vendorId);
      const settings = await readStoreSettings(ctx2.db, auth.storeId);
      const definitions = await pageDefinitions(ctx2.db, auth.storeId);
      const known = new Set(definitions.map((d) => d.key));
      const richText = new Set(definitions.filter((d) => d.type === "richtext").map((d) => d.key));
      const metafields = request.body.metafields.filter((m) => known.has(m.key) && m.value !== "" && !(Array.isArray(m.value) && m.value.length === 0)).map((m) => richText.has(m.key) && typeof m.value === "string" ? { ...m, value: sanitizeRichText(m.value) } : m);
      const values = Object.fromEntries(metafields.map((m) => [m.key, m.value]));
      const errors = definitions.flatMap((d, i) => {
        const { properties } = parseDescription(typeof d.description === "string" ? d.description : "");
        const required2 = d.required === true || properties.required === true;
        return required2 && isFieldShown(properties, values) && values[d.key] === void 0 ? [{ path: `metafields.${i}`, message: "Required" }] : [];
      });
      if (errors.length) throw new AppError("bad_request", "Some metafields are required", errors);
      const status = auth.isAdmin || settings.vendorPage.autoApprove ? "approved" : "pending";
      const page2 = { ...request.body, description: sanitizeRichText(request.body.description), metafields, status, updatedAt: ctx2.now().toISOString() };
      await patchVendorSettings(ctx2.db, auth.storeId, vendorId, { vendorPage: page2 });
      return page2;
    }
  );
  app2.put(
    "/api/vendors/v2/action",
    { config: { policy: "admin" }, schema: { tags: tags4, summary: "Approve or unapprove a vendor's page", body: VendorPageActionSchema, response: { 200: Ok4 } } },
    async (request) => {
      const auth = requireAuth(request);
      const [vendor2] = await ctx2.db.select({ id: vendors.id }).from(vendors).where(and17(eq22(vendors.storeId, auth.storeId), eq22(vendors.name, request.body.vendor)));
      if (!vendor2) throw notFound("Unknown vendor");
      const page2 = await readPage(ctx2.db, vendor2.id);
      await patchVendorSettings(ctx2.db, auth.storeId, vendor2.id, { vendorPage: { ...page2, status: request.body.action === "approve" ? "approved" : "draft" } });
      return { ok: true };
    }
  );
}

// src/server/modules/uploads/routes.ts
import multipart from "@fastify/multipart";
import { z as z20 } from "zod";

// src/shared/schemas/uploads.ts
import { z as z19 } from "zod";
var VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime"];
var PDF_TYPE = "application/pdf";
var ACCEPTED_TYPES = {
  "vendor-page": ACCEPTED_IMAGE_TYPES,
  "product-images": ACCEPTED_IMAGE_TYPES,
  "logo-text": ACCEPTED_IMAGE_TYPES,
  "logo-registration": ACCEPTED_IMAGE_TYPES,
  "model-image": ACCEPTED_IMAGE_TYPES,
  "metafield-file": [...ACCEPTED_IMAGE_TYPES, PDF_TYPE, ...VIDEO_TYPES],
  messages: [...ACCEPTED_IMAGE_TYPES, PDF_TYPE],
  "stage-upload": [...ACCEPTED_IMAGE_TYPES, ...VIDEO_TYPES]
};
var EXTENSION_TYPES = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
  heif: "image/heic",
  gif: "image/gif",
  pdf: PDF_TYPE,
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime"
};
var TYPE_EXTENSIONS = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
  "image/gif": "gif",
  [PDF_TYPE]: "pdf",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov"
};
function normaliseExtension(ext) {
  return ext.trim().replace(/^\./, "").toLowerCase();
}
function extensionOf(filename) {
  const dot = filename.lastIndexOf(".");
  return dot > 0 ? normaliseExtension(filename.slice(dot + 1)) : "";
}
var UploadProxySchema = z19.enum(UPLOAD_PROXIES, { error: "Unknown upload proxy" });
var UploadUrlQuerySchema = z19.object({
  ext: z19.string({ error: MSG.required }).trim().min(1, MSG.required).max(10),
  name: z19.string().trim().max(255).optional().default(""),
  store: StoreIdSchema.optional()
});
var UploadUrlSchema = z19.object({
  /** Signed, short-lived: PUT the raw bytes here with the file's type as Content-Type. */
  url: z19.string(),
  /** Where the file is served once uploaded. */
  location: z19.string()
});
var StageUploadQuerySchema = z19.object({
  mime: z19.string().trim().max(100).optional().default(""),
  filename: z19.string().trim().max(255).optional().default(""),
  fileSize: z19.coerce.number({ error: MSG.required }).int().min(0),
  store: StoreIdSchema.optional()
});
var StagedUploadSchema = z19.object({
  stagedTarget: z19.object({
    /** POST a multipart form here: every parameter, then the `file` field last. */
    url: z19.string(),
    parameters: z19.array(z19.object({ name: z19.string(), value: z19.string() })),
    resourceUrl: z19.string()
  }),
  /** `gid://marketplace/File/<uuid>`, resolved later by `GET cdn/shopify/file`. */
  resource: z19.string()
});
var FILE_GID_PREFIX = "gid://marketplace/File/";
var FileSrcQuerySchema = z19.object({
  // The spec spells it "ressourceId".
  ressourceId: z19.string({ error: MSG.required }).trim().min(1, MSG.required).max(200),
  store: StoreIdSchema.optional()
});
var FileSrcSchema = z19.object({ src: z19.string() });

// src/server/modules/uploads/accepted-types.ts
var LABELS = {
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WEBP",
  "image/heic": "HEIC",
  "image/gif": "GIF",
  "application/pdf": "PDF",
  "video/mp4": "MP4",
  "video/webm": "WEBM",
  "video/quicktime": "MOV"
};
var ALIASES = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "image/heif": "image/heic",
  "video/x-m4v": "video/mp4"
};
function canonicalType(type) {
  const bare = type.split(";")[0].trim().toLowerCase();
  return ALIASES[bare] ?? bare;
}
function typeLabel(type) {
  return LABELS[type] ?? type;
}
function assertAccepted(target, contentType) {
  const accepted = ACCEPTED_TYPES[target];
  if (contentType && accepted.includes(contentType)) return;
  const imagesOnly = accepted.every((t) => ACCEPTED_IMAGE_TYPES.includes(t));
  const message = imagesOnly ? MSG.uploadFailed : `This file type is not accepted here. Accepted types: ${accepted.map(typeLabel).join(", ")}.`;
  throw new AppError("unsupported_media", message);
}

// src/server/modules/uploads/create-staged-upload.ts
import { randomUUID as randomUUID3 } from "node:crypto";

// src/server/modules/uploads/sign-upload.ts
import { createHmac as createHmac2, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
var UPLOAD_URL_TTL_SECONDS = 15 * 60;
function mac(secret2, grant) {
  const message = ["upload-v1", grant.method, grant.key, grant.contentType, String(grant.expires)].join("\n");
  return createHmac2("sha256", secret2).update(message).digest("base64url");
}
function signUpload(secret2, grant) {
  return mac(secret2, grant);
}
function verifyUpload(secret2, grant, signature, now) {
  const expected = Buffer.from(mac(secret2, grant));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual2(expected, given)) {
    throw new AppError("forbidden", "This upload URL is not valid");
  }
  if (!Number.isFinite(grant.expires) || grant.expires * 1e3 <= now.getTime()) {
    throw new AppError("forbidden", "This upload URL has expired, please upload the file again");
  }
}

// src/server/modules/uploads/file-location.ts
var UPLOAD_PATHS = {
  /** PUT raw bytes: `/api/cdn/upload/<key>?contentType&expires&signature`. */
  bytes: "/api/cdn/upload",
  /** POST multipart form of a staged target. */
  staged: "/api/cdn/staged-upload",
  /** GET a stored file: `/api/cdn/files/<key>`. */
  files: "/api/cdn/files"
};
function absoluteUrl(config2, path7) {
  return `${config2.publicUrl}${path7}`;
}
function fileLocation(config2, key) {
  return absoluteUrl(config2, `${UPLOAD_PATHS.files}/${key}`);
}

// src/server/modules/uploads/create-staged-upload.ts
var STAGED_TARGET = "stage-upload";
async function createStagedUpload(ctx2, uploader, options) {
  if (options.fileSize > MAX_UPLOAD_BYTES) throw new AppError("too_large", MSG.imageTooLarge);
  const announced = canonicalType(options.mime);
  const contentType = announced && announced !== "application/octet-stream" ? announced : EXTENSION_TYPES[extensionOf(options.filename)];
  assertAccepted(STAGED_TARGET, contentType);
  const ext = TYPE_EXTENSIONS[contentType];
  const id = randomUUID3();
  const key = `${uploader.storeId}/${STAGED_TARGET}/${id}.${ext}`;
  await ctx2.db.insert(files).values({
    id,
    storeId: uploader.storeId,
    key,
    proxy: STAGED_TARGET,
    contentType,
    originalName: options.filename || `file.${ext}`,
    uploadedBy: uploader.userId,
    vendorId: uploader.vendorId
  });
  const expires = String(Math.floor(ctx2.now().getTime() / 1e3) + UPLOAD_URL_TTL_SECONDS);
  const signature = signUpload(ctx2.uploadSecret, { method: "POST", key, contentType, expires: Number(expires) });
  return {
    stagedTarget: {
      url: absoluteUrl(ctx2.config, UPLOAD_PATHS.staged),
      parameters: [
        { name: "key", value: key },
        { name: "Content-Type", value: contentType },
        { name: "expires", value: expires },
        { name: "signature", value: signature }
      ],
      resourceUrl: fileLocation(ctx2.config, key)
    },
    resource: `${FILE_GID_PREFIX}${id}`
  };
}

// src/server/modules/uploads/create-upload-url.ts
import { randomUUID as randomUUID4 } from "node:crypto";

// src/server/modules/uploads/complete-direct-upload.ts
import { buffer } from "node:stream/consumers";
import { and as and18, eq as eq23, isNull as isNull8 } from "drizzle-orm";

// src/server/modules/uploads/check-file-content.ts
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
var SHARP_FORMAT = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/heic": "heif"
};
function mismatch(declared) {
  return new AppError("unsupported_media", `The file content is not a valid ${typeLabel(declared)} file`);
}
async function checkFileContent(body, declared) {
  if (body.length > MAX_UPLOAD_BYTES) throw new AppError("too_large", MSG.imageTooLarge);
  if (body.length === 0) throw badRequest("The file is empty");
  const detected = await fileTypeFromBuffer(body);
  if (!detected || canonicalType(detected.mime) !== declared) throw mismatch(declared);
  if (!declared.startsWith("image/")) return;
  let width;
  let height;
  try {
    const meta = await sharp(body, { limitInputPixels: false }).metadata();
    if (meta.format !== SHARP_FORMAT[declared]) throw mismatch(declared);
    width = meta.width;
    height = meta.pageHeight ?? meta.height;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw mismatch(declared);
  }
  if (!width || !height) throw mismatch(declared);
  if (width * height > MAX_IMAGE_PIXELS) throw badRequest(MSG.imageTooManyPixels);
  if (Math.max(width / height, height / width) > MAX_ASPECT_RATIO) throw badRequest(MSG.uploadFailed);
}

// src/server/modules/uploads/complete-direct-upload.ts
var incomingKey = (key) => `incoming/${key}`;
async function completeDirectUpload(ctx2, row) {
  if (!ctx2.storage.presignPut) return false;
  const incoming = await ctx2.storage.get(incomingKey(row.key));
  if (!incoming) return false;
  let body;
  try {
    if (incoming.size > MAX_UPLOAD_BYTES) {
      incoming.body.destroy();
      throw new AppError("too_large", MSG.imageTooLarge);
    }
    body = await buffer(incoming.body);
    await checkFileContent(body, row.contentType);
  } catch (error) {
    if (error instanceof AppError) await ctx2.storage.delete(incomingKey(row.key));
    throw error;
  }
  await ctx2.storage.put(row.key, body, row.contentType);
  await ctx2.db.update(files).set({ completedAt: ctx2.now(), size: body.length }).where(and18(eq23(files.id, row.id), isNull8(files.completedAt)));
  await ctx2.storage.delete(incomingKey(row.key));
  return true;
}

// src/server/modules/uploads/create-upload-url.ts
async function createUploadUrl(ctx2, uploader, options) {
  const ext = normaliseExtension(options.ext);
  const contentType = EXTENSION_TYPES[ext];
  assertAccepted(options.proxy, contentType);
  const id = randomUUID4();
  const key = `${uploader.storeId}/${options.proxy}/${id}.${ext}`;
  await ctx2.db.insert(files).values({
    id,
    storeId: uploader.storeId,
    key,
    proxy: options.proxy,
    contentType,
    originalName: options.name || `file.${ext}`,
    uploadedBy: uploader.userId,
    vendorId: uploader.vendorId
  });
  const location = fileLocation(ctx2.config, key);
  if (ctx2.storage.presignPut) return { url: await ctx2.storage.presignPut(incomingKey(key), contentType, UPLOAD_URL_TTL_SECONDS), location };
  const expires = Math.floor(ctx2.now().getTime() / 1e3) + UPLOAD_URL_TTL_SECONDS;
  const signature = signUpload(ctx2.uploadSecret, { method: "PUT", key, contentType, expires });
  const query = new URLSearchParams({ contentType, expires: String(expires), signature });
  return {
    url: absoluteUrl(ctx2.config, `${UPLOAD_PATHS.bytes}/${key}?${query}`),
    location
  };
}

// src/server/modules/uploads/find-file-src.ts
import { and as and19, eq as eq24, isNotNull, isNull as isNull9, or } from "drizzle-orm";
var UUID2 = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function visibleTo(viewer) {
  if (viewer.kind === "anonymous") return isNull9(files.uploadedBy);
  if (viewer.vendorId === null) return void 0;
  return or(eq24(files.vendorId, viewer.vendorId), and19(isNull9(files.vendorId), isNotNull(files.uploadedBy)));
}
async function findFileSrc(ctx2, viewer, gid) {
  const id = gid.startsWith(FILE_GID_PREFIX) ? gid.slice(FILE_GID_PREFIX.length) : "";
  if (!UUID2.test(id)) throw notFound();
  const [row] = await ctx2.db.select({ key: files.key }).from(files).where(and19(eq24(files.id, id), eq24(files.storeId, viewer.storeId), isNotNull(files.completedAt), visibleTo(viewer)));
  if (!row) throw notFound();
  return fileLocation(ctx2.config, row.key);
}

// src/server/modules/uploads/resolve-uploader.ts
var ANONYMOUS_TARGETS = ["metafield-file", "stage-upload"];
async function resolveUploader(ctx2, auth, target, store) {
  if (auth) return { storeId: auth.storeId, userId: auth.userId, vendorId: auth.vendorId };
  if (!ANONYMOUS_TARGETS.includes(target) || !store) throw unauthorized(MSG.signInRequired);
  const found = await getStore(ctx2.db, store);
  if (!found.settings.registration.enableApproval) throw new AppError("forbidden", MSG.registrationDisabled);
  return { storeId: found.id, userId: null, vendorId: null };
}

// src/server/modules/uploads/serve-file.ts
import { eq as eq25 } from "drizzle-orm";
function contentDisposition(contentType, originalName) {
  const inline = contentType.startsWith("image/") || contentType.startsWith("video/");
  const base = originalName.split(/[\\/]/).pop() ?? "";
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim().slice(0, 150) || "file";
  const ascii = clean.replace(/[^A-Za-z0-9._ ()-]/g, "_");
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
async function serveFile(ctx2, key) {
  const [row] = await ctx2.db.select().from(files).where(eq25(files.key, key));
  if (!row || !(row.completedAt || await completeDirectUpload(ctx2, row))) throw notFound();
  const stored = await ctx2.storage.get(key);
  if (!stored) throw notFound();
  return {
    body: stored.body,
    size: stored.size,
    contentType: row.contentType,
    contentDisposition: contentDisposition(row.contentType, row.originalName)
  };
}

// src/server/modules/uploads/store-upload.ts
import { and as and20, eq as eq26, isNull as isNull10 } from "drizzle-orm";
var alreadyUsed = () => new AppError("conflict", "This upload URL has already been used; ask for a new one");
async function storeUpload(ctx2, { key, contentType, body }) {
  const [row] = await ctx2.db.select().from(files).where(eq26(files.key, key));
  if (!row || row.contentType !== contentType) throw new AppError("forbidden", "This upload URL is not valid");
  if (row.completedAt) throw alreadyUsed();
  await checkFileContent(body, contentType);
  const claimed = await ctx2.db.update(files).set({ completedAt: ctx2.now(), size: body.length }).where(and20(eq26(files.id, row.id), isNull10(files.completedAt))).returning({ id: files.id });
  if (claimed.length === 0) throw alreadyUsed();
  try {
    await ctx2.storage.put(key, body, contentType);
  } catch (error) {
    await ctx2.db.update(files).set({ completedAt: null, size: null }).where(eq26(files.id, row.id));
    throw error;
  }
  return { location: fileLocation(ctx2.config, key) };
}

// src/server/modules/uploads/routes.ts
var anonymousUploadLimit = {
  max: 30,
  timeWindow: "1 minute",
  allowList: (request) => request.auth !== null
};
var ByteUploadQuerySchema = z20.object({
  contentType: z20.string(),
  expires: z20.coerce.number().int(),
  signature: z20.string()
});
var KeyParamsSchema = z20.object({ "*": z20.string().min(1).max(300) });
var LocationSchema = z20.object({ location: z20.string() });
function fieldValue(fields, name) {
  const field2 = fields[name];
  const one = Array.isArray(field2) ? field2[0] : field2;
  return one?.type === "field" && typeof one.value === "string" ? one.value : "";
}
function registerUploadRoutes(app2, ctx2) {
  app2.register(async (plugin) => {
    const scope = plugin.withTypeProvider();
    scope.put(
      "/api/cdn/stage-upload",
      {
        config: { policy: "public-or-user", rateLimit: anonymousUploadLimit },
        schema: {
          tags: ["uploads"],
          summary: "Stage an upload: a multipart form target (stagedUploadsCreate shape) and a file global id",
          querystring: StageUploadQuerySchema,
          response: { 200: StagedUploadSchema }
        }
      },
      async (request) => {
        const { mime, filename, fileSize, store } = request.query;
        const uploader = await resolveUploader(ctx2, request.auth, STAGED_TARGET, store);
        return createStagedUpload(ctx2, uploader, { mime, filename, fileSize });
      }
    );
    scope.put(
      "/api/cdn/:proxy",
      {
        config: { policy: "public-or-user", rateLimit: anonymousUploadLimit },
        schema: {
          tags: ["uploads"],
          summary: "A signed, short-lived URL to PUT one file to, and the location it will be served from",
          params: z20.object({ proxy: UploadProxySchema }),
          querystring: UploadUrlQuerySchema,
          response: { 200: UploadUrlSchema }
        }
      },
      async (request) => {
        const { proxy } = request.params;
        const { ext, name, store } = request.query;
        const uploader = await resolveUploader(ctx2, request.auth, proxy, store);
        return createUploadUrl(ctx2, uploader, { proxy, ext, name });
      }
    );
    scope.get(
      "/api/cdn/shopify/file",
      {
        config: { policy: "public-or-user" },
        schema: {
          tags: ["uploads"],
          summary: 'The URL of an uploaded file by its global id (the spec spells the query "ressourceId")',
          querystring: FileSrcQuerySchema,
          response: { 200: FileSrcSchema, 404: ErrorBodySchema }
        }
      },
      async (request) => {
        const { ressourceId, store } = request.query;
        const auth = request.auth;
        let viewer;
        if (auth) viewer = { kind: "user", storeId: auth.storeId, vendorId: auth.vendorId };
        else if (store) viewer = { kind: "anonymous", storeId: store };
        else throw unauthorized(MSG.signInRequired);
        return { src: await findFileSrc(ctx2, viewer, ressourceId) };
      }
    );
    scope.get(
      `${UPLOAD_PATHS.files}/*`,
      {
        config: { policy: "public" },
        schema: {
          tags: ["uploads"],
          summary: "Serve an uploaded file (public; keys are unguessable)",
          params: KeyParamsSchema,
          // Streams bypass the serializer; the schema only documents the answer.
          response: { 200: z20.unknown().describe("The file bytes, with the stored content type"), 404: ErrorBodySchema }
        }
      },
      async (request, reply) => {
        const file = await serveFile(ctx2, request.params["*"]);
        return reply.header("content-type", file.contentType).header("content-length", file.size).header("content-disposition", file.contentDisposition).header("x-content-type-options", "nosniff").header("cache-control", "public, max-age=31536000, immutable").header("content-security-policy", "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox").send(file.body);
      }
    );
    scope.register(async (bytesPlugin) => {
      const bytes = bytesPlugin.withTypeProvider();
      bytes.removeAllContentTypeParsers();
      bytes.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
      bytes.put(
        `${UPLOAD_PATHS.bytes}/*`,
        {
          config: { policy: "public" },
          bodyLimit: MAX_UPLOAD_BYTES,
          // The signature is the authorisation: checked before a byte of the body is read.
          onRequest: async (request) => {
            const { "*": key } = parseOrThrow(KeyParamsSchema, request.params);
            const query = parseOrThrow(ByteUploadQuerySchema, request.query);
            verifyUpload(ctx2.uploadSecret, { method: "PUT", key, contentType: query.contentType, expires: query.expires }, query.signature, ctx2.now());
          },
          schema: {
            tags: ["uploads"],
            summary: "PUT the raw bytes of a file to its signed URL (Content-Type = the file type)",
            params: KeyParamsSchema,
            querystring: ByteUploadQuerySchema,
            response: { 200: LocationSchema }
          }
        },
        async (request) => {
          const { contentType } = request.query;
          const sent = request.headers["content-type"];
          if (sent && !["application/octet-stream", contentType].includes(canonicalType(sent))) {
            throw new AppError("unsupported_media", `This upload URL is for ${contentType} files, not ${sent}`);
          }
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return storeUpload(ctx2, { key: request.params["*"], contentType, body });
        }
      );
    });
    scope.register(async (stagedPlugin) => {
      await stagedPlugin.register(multipart, {
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1e3, parts: 11 }
      });
      const staged = stagedPlugin.withTypeProvider();
      staged.post(
        UPLOAD_PATHS.staged,
        {
          config: { policy: "public" },
          schema: {
            tags: ["uploads"],
            summary: "POST a staged upload: the target parameters, then the file field last (multipart/form-data)",
            consumes: ["multipart/form-data"],
            response: { 201: LocationSchema }
          }
        },
        async (request, reply) => {
          const part = await request.file();
          if (!part) throw badRequest("Missing file");
          const key = fieldValue(part.fields, "key");
          const contentType = fieldValue(part.fields, "Content-Type");
          const expires = Number(fieldValue(part.fields, "expires"));
          try {
            verifyUpload(ctx2.uploadSecret, { method: "POST", key, contentType, expires }, fieldValue(part.fields, "signature"), ctx2.now());
          } catch (error) {
            part.file.resume();
            throw error;
          }
          const body = await part.toBuffer();
          if (part.file.truncated) throw new AppError("too_large", MSG.imageTooLarge);
          const result = await storeUpload(ctx2, { key, contentType, body });
          return reply.status(201).send(result);
        }
      );
    });
  });
}

// src/server/modules/public/routes.ts
import { z as z22 } from "zod";

// src/shared/schemas/public.ts
import { z as z21 } from "zod";
var PUBLIC_MESSAGE_MAX = 5e3;
var CONTACT_FORM_MAX_FIELDS = 30;
var CONTACT_FORM_KEY_MAX = 100;
var OptionalStore = StoreIdSchema.optional();
var SendMessageSchema = z21.object({
  store: OptionalStore,
  email: EmailSchema,
  body: requiredText(PUBLIC_MESSAGE_MAX)
});
var RESERVED_KEYS = /* @__PURE__ */ new Set(["__proto__", "constructor", "prototype"]);
var ContactFieldKeySchema = z21.string().trim().min(1, MSG.required).max(CONTACT_FORM_KEY_MAX, `Must be at most ${CONTACT_FORM_KEY_MAX} characters`).refine((key) => !RESERVED_KEYS.has(key), "Not an allowed field name");
var ContactFormSchema = z21.object({
  store: OptionalStore,
  data: z21.record(
    ContactFieldKeySchema,
    z21.string({ error: "Must be text" }).max(PUBLIC_MESSAGE_MAX, `Must be at most ${PUBLIC_MESSAGE_MAX} characters`),
    {
      // A bad key reports what is wrong with it, not that the whole object is missing.
      error: (issue) => issue.code === "invalid_key" ? issue.issues?.[0]?.message : issue.code === "invalid_type" ? MSG.required : void 0
    }
  ).refine((data) => Object.keys(data).length > 0, MSG.required).refine((data) => Object.keys(data).length <= CONTACT_FORM_MAX_FIELDS, `At most ${CONTACT_FORM_MAX_FIELDS} fields`).superRefine((data, issue) => {
    if (data.email === void 0) return;
    const email2 = EmailSchema.safeParse(data.email);
    if (!email2.success) issue.addIssue({ code: "custom", path: ["email"], message: email2.error.issues[0]?.message ?? MSG.invalidEmail });
  })
});
var SubscribeSchema = z21.object({
  store: OptionalStore,
  email: EmailSchema
});
var PublicOkSchema = z21.object({ ok: z21.literal(true) });
var StoreQuerySchema = z21.object({ store: OptionalStore });
var RequiredStoreQuerySchema = z21.object({ store: StoreIdSchema });
var PublicLogoSchema = z21.object({
  value: z21.string(),
  src: z21.string(),
  selected: z21.enum(["value", "src", "default"]),
  shopName: z21.string()
});
var SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com$/;
var ShopDomainSchema = z21.string({ error: MSG.required }).max(255).regex(SHOP_DOMAIN, "Must be a shop domain like name.myshopify.com");
var Hmac = z21.string({ error: MSG.required }).min(1, MSG.required).max(256);
var Timestamp = z21.string({ error: MSG.required }).regex(/^\d{1,12}$/, "Must be a Unix time in seconds");
var PlatformNameParamsSchema = z21.object({ name: z21.string().max(50) });
var OAuthRequestQuerySchema = z21.object({
  embedded: z21.string().max(10).optional(),
  hmac: Hmac,
  host: z21.string().max(500).optional(),
  shop: ShopDomainSchema,
  timestamp: Timestamp
}).loose();
var OAuthConfirmQuerySchema = z21.object({
  code: z21.string({ error: MSG.required }).min(1, MSG.required).max(500),
  hmac: Hmac,
  host: z21.string().max(500).optional(),
  shop: ShopDomainSchema,
  state: z21.string({ error: MSG.required }).min(1, MSG.required).max(200),
  timestamp: Timestamp
}).loose();
var SellerTokenQuerySchema = z21.object({
  shop: ShopDomainSchema,
  hmac: Hmac,
  timestamp: Timestamp.optional()
}).loose();

// src/server/modules/public/logo-redirect.ts
function logoRedirectTarget(logo) {
  if (logo.selected !== "src" || !logo.src) return null;
  const src = logo.src.trim();
  if (src.startsWith("/") && !src.startsWith("//") && !src.startsWith("/\\")) return src;
  try {
    const url3 = new URL(src);
    return url3.protocol === "https:" || url3.protocol === "http:" ? url3.toString() : null;
  } catch {
    return null;
  }
}

// src/server/modules/public/record-plan-change.ts
import { eq as eq27 } from "drizzle-orm";
async function recordPlanChange(ctx2, store) {
  const stamped = await ctx2.db.update(platformInstallations).set({ updatedAt: ctx2.now() }).where(eq27(platformInstallations.storeId, store.id)).returning({ shop: platformInstallations.shop });
  return stamped.length;
}

// src/server/modules/public/render-store-styles.ts
var HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
var PROPERTIES = [
  ["indigo600", "--color-indigo-600"],
  ["indigo800", "--color-indigo-800"],
  ["orange800", "--color-orange-800"],
  ["green800", "--color-green-800"]
];
var FALLBACK = { indigo600: "#4f46e5", indigo800: "#3730a3", orange800: "#9a3412", green800: "#166534" };
function renderStoreStyles(colors) {
  const value = (key) => (HEX_COLOR.test(colors[key] ?? "") ? colors[key] : FALLBACK[key]).toLowerCase();
  const properties = PROPERTIES.map(([key, name]) => `  ${name}: ${value(key)};`).join("\n");
  return `:root {
${properties}
  --mp-color-primary: var(--color-indigo-600);
  --mp-color-primary-dark: var(--color-indigo-800);
  --mp-color-warning: var(--color-orange-800);
  --mp-color-success: var(--color-green-800);
}
.mp-bg-primary { background-color: var(--mp-color-primary); color: #fff; }
.mp-bg-primary:hover, .mp-bg-primary:focus-visible { background-color: var(--mp-color-primary-dark); }
.mp-text-primary { color: var(--mp-color-primary); }
.mp-border-primary { border-color: var(--mp-color-primary); }
.mp-text-warning { color: var(--mp-color-warning); }
.mp-text-success { color: var(--mp-color-success); }
`;
}

// src/server/modules/public/mail-support.ts
async function listSupportRecipients(db, store) {
  const support = EmailSchema.safeParse(store.settings.support.email);
  if (support.success) return [support.data];
  return activeAdminEmails(db, store.id);
}
async function mailSupport(ctx2, tx, store, mail) {
  for (const to of await listSupportRecipients(tx, store)) {
    await ctx2.mailer.send({ storeId: store.id, template: mail.template, to, vars: mail.vars, dedupeKey: `${mail.dedupeKey}:${to}` }, tx);
  }
}

// src/server/modules/public/send-message.ts
async function sendMessage(ctx2, store, input) {
  await ctx2.db.transaction(async (tx) => {
    const [row] = await tx.insert(publicMessages).values({ storeId: store.id, kind: "message", email: input.email, body: input.body }).returning({ id: publicMessages.id });
    await mailSupport(ctx2, tx, store, {
      template: "marketplace-contact-message",
      vars: { subject: `New message from ${input.email}`, email: input.email, lines: input.body.split(/\r?\n/) },
      dedupeKey: `public-message:${row.id}`
    });
  });
}

// src/server/modules/public/submit-contact-form.ts
async function submitContactForm(ctx2, store, data) {
  const email2 = data.email === void 0 ? null : EmailSchema.parse(data.email);
  const lines = Object.entries(data).map(([key, value]) => `${key}: ${value}`);
  await ctx2.db.transaction(async (tx) => {
    const [row] = await tx.insert(publicMessages).values({ storeId: store.id, kind: "contact-form", email: email2, data }).returning({ id: publicMessages.id });
    await mailSupport(ctx2, tx, store, {
      template: "marketplace-contact-message",
      vars: { subject: `Contact form on ${store.shopName}`, email: email2, lines },
      dedupeKey: `public-message:${row.id}`
    });
  });
}

// src/server/modules/public/subscribe-email.ts
async function subscribeEmail(ctx2, store, email2) {
  await ctx2.db.transaction(async (tx) => {
    const inserted = await tx.insert(publicMessages).values({ storeId: store.id, kind: "subscribe", email: email2 }).onConflictDoNothing().returning({ id: publicMessages.id });
    if (inserted.length === 0) return;
    await mailSupport(ctx2, tx, store, {
      template: "marketplace-new-subscriber",
      vars: { email: email2 },
      dedupeKey: `subscribe:${store.id}:${email2}`
    });
  });
}

// src/server/modules/public/routes.ts
var PUBLIC_RATE_LIMITS = {
  message: { max: 5, timeWindow: "1 minute" },
  subscribe: { max: 10, timeWindow: "1 minute" },
  asset: { max: 300, timeWindow: "1 minute" },
  notice: { max: 30, timeWindow: "1 minute" }
};
var TAGS = ["public"];
var ASSET_CACHE = "public, max-age=300";
function registerPublicRoutes(app2, ctx2) {
  const storeOf = (request, named) => resolvePublicStore(ctx2, named, request.hostname);
  app2.post(
    "/api/message/send",
    {
      config: { policy: "public", rateLimit: PUBLIC_RATE_LIMITS.message },
      schema: {
        tags: TAGS,
        summary: "Send a buyer's message to the marketplace's support",
        querystring: StoreQuerySchema,
        body: SendMessageSchema,
        response: { 201: PublicOkSchema }
      }
    },
    async (request, reply) => {
      const store = await storeOf(request, request.body.store ?? request.query.store);
      await sendMessage(ctx2, store, request.body);
      return reply.status(201).send({ ok: true });
    }
  );
  app2.post(
    "/api/message/contact-form",
    {
      config: { policy: "public", rateLimit: PUBLIC_RATE_LIMITS.message },
      schema: {
        tags: TAGS,
        summary: "Send a storefront contact form (its fields as text) to the marketplace's support",
        querystring: StoreQuerySchema,
        body: ContactFormSchema,
        response: { 201: PublicOkSchema }
      }
    },
    async (request, reply) => {
      const store = await storeOf(request, request.body.store ?? request.query.store);
      await submitContactForm(ctx2, store, request.body.data);
      return reply.status(201).send({ ok: true });
    }
  );
  app2.post(
    "/api/message/subscribe",
    {
      config: { policy: "public", rateLimit: PUBLIC_RATE_LIMITS.subscribe },
      schema: {
        tags: TAGS,
        summary: "Subscribe an address to the marketplace's news (once per address)",
        querystring: StoreQuerySchema,
        body: SubscribeSchema,
        response: { 201: PublicOkSchema }
      }
    },
    async (request, reply) => {
      const store = await storeOf(request, request.body.store ?? request.query.store);
      await subscribeEmail(ctx2, store, request.body.email);
      return reply.status(201).send({ ok: true });
    }
  );
  app2.get(
    "/api/styles.css",
    {
      config: { policy: "public", rateLimit: PUBLIC_RATE_LIMITS.asset },
      schema: {
        tags: TAGS,
        summary: "A stylesheet with the store's colours as CSS custom properties",
        querystring: StoreQuerySchema,
        produces: ["text/css"],
        response: { 200: z22.string().describe("text/css") }
      }
    },
    async (request, reply) => {
      const store = await storeOf(request, request.query.store);
      return reply.type("text/css; charset=utf-8").header("cache-control", ASSET_CACHE).send(renderStoreStyles(store.settings.colors));
    }
  );
  app2.get(
    "/api/logo/:store",
    {
      config: { policy: "public", rateLimit: PUBLIC_RATE_LIMITS.asset },
      schema: {
        tags: TAGS,
        summary: "The store's logo: a redirect to its image, or its text logo as JSON",
        params: z22.object({ store: StoreIdSchema }),
        response: { 200: PublicLogoSchema, 302: z22.null().describe("Redirect to the logo image") }
      }
    },
    async (request, reply) => {
      const store = await getStore(ctx2.db, request.params.store);
      const logo = store.settings.logoText;
      reply.header("cache-control", ASSET_CACHE);
      const target = logoRedirectTarget(logo);
      if (target) return reply.redirect(target, 302);
      return { value: logo.value, src: logo.src, selected: logo.selected, shopName: store.shopName };
    }
  );
  app2.get(
    "/api/subscription/changed",
    {
      config: { policy: "public", rateLimit: PUBLIC_RATE_LIMITS.notice },
      schema: {
        tags: TAGS,
        summary: "The platform's notice that a store's plan changed",
        querystring: RequiredStoreQuerySchema,
        response: { 200: PublicOkSchema }
      }
    },
    async (request, reply) => {
      const store = await getStore(ctx2.db, request.query.store);
      await recordPlanChange(ctx2, store);
      return reply.header("cache-control", "no-store").send({ ok: true });
    }
  );
}

// src/server/modules/platform-auth/routes.ts
import { z as z23 } from "zod";

// src/server/adapters/storefront/shopify/query-hmac.ts
var MAX_CLOCK_SKEW_SECONDS = 90;
function queryHmacMessage(entries) {
  const kept = [...entries].filter(([key]) => key !== "hmac" && key !== "signature");
  kept.sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  return new URLSearchParams(kept).toString();
}
function signQuery(secret2, entries) {
  return hmacHex(secret2, queryHmacMessage(entries));
}
function verifyQueryHmac(secret2, entries) {
  const list = [...entries];
  const presented = list.filter(([key]) => key === "hmac");
  if (!secret2 || presented.length !== 1) return false;
  return safeEqual(signQuery(secret2, list), presented[0][1].toLowerCase());
}
function isFreshTimestamp(timestamp14, now, skewSeconds = MAX_CLOCK_SKEW_SECONDS) {
  const seconds = Number(timestamp14);
  if (!Number.isFinite(seconds)) return false;
  return Math.abs(now.getTime() / 1e3 - seconds) <= skewSeconds;
}

// src/server/adapters/storefront/shopify/webhook-hmac.ts
import { createHmac as createHmac3 } from "node:crypto";
function webhookHmac(secret2, rawBody) {
  return createHmac3("sha256", secret2).update(rawBody).digest("base64");
}
function verifyWebhookHmac(secret2, rawBody, header2) {
  if (!secret2 || !header2) return false;
  return safeEqual(webhookHmac(secret2, rawBody), header2.trim());
}

// src/server/adapters/storefront/shopify/oauth-client.ts
var OAuthExchangeError = class extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
  status;
};
function baseUrlFromTemplate(template) {
  if (!template) return void 0;
  const trimmed = template.replace(/\/$/, "");
  return (shop) => trimmed.replaceAll("{shop}", encodeURIComponent(shop));
}
function createShopifyOAuthClient(options = {}) {
  const baseUrlFor = options.baseUrlFor ?? ((shop) => `https://${shop}`);
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 1e4;
  return {
    authorizeUrl({ shop, clientId, scope, redirectUri, state }) {
      const query = new URLSearchParams({ client_id: clientId, scope, redirect_uri: redirectUri, state });
      return `https://${shop}/admin/oauth/authorize?${query.toString()}`;
    },
    async exchangeCode({ shop, code: code2, clientId, clientSecret }) {
      let response;
      try {
        response = await doFetch(`${baseUrlFor(shop)}/admin/oauth/access_token`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, code: code2 }),
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs)
        });
      } catch (error) {
        throw new OAuthExchangeError(`The platform could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok) throw new OAuthExchangeError(`The platform refused the install code (${response.status})`, response.status);
      const body = await response.json().catch(() => null);
      if (!body || typeof body.access_token !== "string" || !body.access_token) {
        throw new OAuthExchangeError("The platform answered without an access token", response.status);
      }
      return { accessToken: body.access_token, scope: typeof body.scope === "string" ? body.scope : "" };
    }
  };
}

// src/server/modules/platform-auth/exit-iframe.ts
var EXIT_IFRAME_SCRIPT_PATH = "/api/auth/exit-iframe.js";
var EXIT_IFRAME_SCRIPT = `(function () {
  var script = document.currentScript;
  var target = script && script.getAttribute('data-target');
  if (!target || !/^https:\\/\\/[a-zA-Z0-9][a-zA-Z0-9_-]*\\.myshopify\\.com\\/admin\\/oauth\\/authorize\\?/.test(target)) return;
  try {
    window.top.location.href = target;
  } catch (error) {
    // Navigation blocked: the visible link does it on the next click.
  }
})();
`;
var escapeHtml = (value) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
function renderExitIframePage(target) {
  const url3 = escapeHtml(target);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Continue installing</title>
<script src="${EXIT_IFRAME_SCRIPT_PATH}" data-target="${url3}"></script>
</head>
<body style="font-family:Arial,sans-serif;text-align:center;padding:48px">
<p>Opening the permission screen of your shop\u2026</p>
<p><a href="${url3}" target="_top" rel="noopener">Continue</a></p>
</body>
</html>
`;
}

// src/server/modules/platform-auth/install-shop.ts
import { eq as eq28 } from "drizzle-orm";
var subdomainOf = (shop) => shop.slice(0, shop.indexOf(".")).toLowerCase();
var titleOf = (subdomain) => subdomain.split(/[-_]+/).filter(Boolean).map((word) => word[0].toUpperCase() + word.slice(1)).join(" ") || subdomain;
async function linkOrCreateStore(tx, shop) {
  const base = subdomainOf(shop);
  for (let attempt = 0; attempt < 20; attempt++) {
    const [linked] = await tx.select({ id: stores.id }).from(stores).where(eq28(stores.platformShop, shop));
    if (linked) return linked.id;
    const id = attempt === 0 ? base : attempt < 10 ? `${base}-${attempt + 1}` : `${base}-${randomDigits(6)}`;
    const created = await tx.insert(stores).values({ id, shopName: titleOf(base), platformShop: shop }).onConflictDoNothing().returning({ id: stores.id });
    if (created.length) return created[0].id;
  }
  throw new Error(`No free store id for ${shop}`);
}
async function installShop(ctx2, input) {
  const encryption = await getEncryption(ctx2.db);
  const accessTokenEnc = encryption.encrypt(input.accessToken, input.shop);
  const now = ctx2.now();
  return ctx2.db.transaction(async (tx) => {
    if (input.purpose === "seller") {
      await tx.insert(platformInstallations).values({ shop: input.shop, kind: "seller", accessTokenEnc, scope: input.scope, installedAt: now, updatedAt: now }).onConflictDoUpdate({ target: platformInstallations.shop, set: { accessTokenEnc, scope: input.scope, updatedAt: now } });
      return null;
    }
    const storeId = await linkOrCreateStore(tx, input.shop);
    await tx.insert(platformInstallations).values({ shop: input.shop, storeId, kind: "marketplace", accessTokenEnc, scope: input.scope, installedAt: now, updatedAt: now }).onConflictDoUpdate({
      target: platformInstallations.shop,
      set: { storeId, kind: "marketplace", accessTokenEnc, scope: input.scope, updatedAt: now }
    });
    return storeId;
  });
}

// src/server/modules/platform-auth/oauth-states.ts
import { and as and21, eq as eq29, gt as gt2, isNull as isNull11, lt as lt3 } from "drizzle-orm";
var OAUTH_STATE_TTL_MS = 10 * 60 * 1e3;
async function createOAuthState(ctx2, shop, purpose) {
  const now = ctx2.now();
  const state = randomToken(24);
  await ctx2.db.delete(oauthStates).where(lt3(oauthStates.expiresAt, now));
  await ctx2.db.insert(oauthStates).values({ state, shop, purpose, expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS) });
  return state;
}
async function consumeOAuthState(ctx2, state, shop) {
  const now = ctx2.now();
  const [row] = await ctx2.db.update(oauthStates).set({ usedAt: now }).where(and21(eq29(oauthStates.state, state), eq29(oauthStates.shop, shop), isNull11(oauthStates.usedAt), gt2(oauthStates.expiresAt, now))).returning({ purpose: oauthStates.purpose });
  if (!row) throw new AppError("unauthorized", "This install link is invalid or has expired, please start again");
  return row.purpose;
}

// src/server/modules/platform-auth/require-platform.ts
var SUPPORTED_PLATFORMS = ["shopify"];
function requirePlatform(config2, name) {
  if (!SUPPORTED_PLATFORMS.includes(name)) throw new AppError("not_found", "Unknown platform");
  const { apiKey, apiSecret, scopes } = config2.shopify;
  if (!apiKey || !apiSecret) throw new AppError("not_found", "This platform is not configured");
  return { apiKey, apiSecret, scopes };
}

// src/server/modules/platform-auth/verify-signed-query.ts
function verifySignedQuery(rawUrl, secret2, now, options) {
  const params = new URL(rawUrl, "http://localhost").searchParams;
  if (!verifyQueryHmac(secret2, params.entries())) throw new AppError("unauthorized", "Invalid signature");
  const timestamp14 = params.get("timestamp");
  if (timestamp14 === null ? options.requireTimestamp : !isFreshTimestamp(timestamp14, now)) {
    throw new AppError("unauthorized", "This request has expired, please start again");
  }
}

// src/server/modules/platform-auth/routes.ts
var TAGS2 = ["platform"];
var RATE_LIMIT = { max: 30, timeWindow: "1 minute" };
var Redirect = z23.null().describe("Redirect");
var Html = z23.string().describe("text/html");
function registerPlatformAuthRoutes(app2, ctx2, deps = {}) {
  const oauth = deps.oauthClient ?? createShopifyOAuthClient({ baseUrlFor: baseUrlFromTemplate(ctx2.config.shopify.adminBaseUrl) });
  const redirectUri = `${ctx2.config.publicUrl}/api/auth/shopify/confirm`;
  const platformFirst = async (request) => {
    requirePlatform(ctx2.config, request.params.name ?? "");
  };
  const authorizeUrlFor = async (shop, purpose) => {
    const { apiKey, scopes } = requirePlatform(ctx2.config, "shopify");
    const state = await createOAuthState(ctx2, shop.toLowerCase(), purpose);
    return oauth.authorizeUrl({ shop: shop.toLowerCase(), clientId: apiKey, scope: scopes, redirectUri, state });
  };
  app2.get(
    "/api/auth/:name/request",
    {
      config: { policy: "public", rateLimit: RATE_LIMIT },
      preValidation: platformFirst,
      schema: {
        tags: TAGS2,
        summary: "Start installing the app from the platform: verify the signed request and redirect to its authorize screen",
        params: PlatformNameParamsSchema,
        querystring: OAuthRequestQuerySchema,
        produces: ["application/json", "text/html"],
        response: { 200: Html, 302: Redirect }
      }
    },
    async (request, reply) => {
      const { apiSecret } = requirePlatform(ctx2.config, request.params.name);
      verifySignedQuery(request.url, apiSecret, ctx2.now(), { requireTimestamp: true });
      const target = await authorizeUrlFor(request.query.shop, "install");
      reply.header("cache-control", "no-store");
      if (request.query.embedded === "1") return reply.type("text/html; charset=utf-8").send(renderExitIframePage(target));
      return reply.redirect(target, 302);
    }
  );
  app2.get(
    "/api/auth/:name/confirm",
    {
      config: { policy: "public", rateLimit: RATE_LIMIT },
      preValidation: platformFirst,
      schema: {
        tags: TAGS2,
        summary: "Finish an install: verify the callback, use up its state, store the shop's token encrypted, open the app",
        params: PlatformNameParamsSchema,
        querystring: OAuthConfirmQuerySchema,
        response: { 302: Redirect }
      }
    },
    async (request, reply) => {
      const { apiKey, apiSecret } = requirePlatform(ctx2.config, request.params.name);
      verifySignedQuery(request.url, apiSecret, ctx2.now(), { requireTimestamp: true });
      const shop = request.query.shop.toLowerCase();
      const purpose = await consumeOAuthState(ctx2, request.query.state, shop);
      let grant;
      try {
        grant = await oauth.exchangeCode({ shop, code: request.query.code, clientId: apiKey, clientSecret: apiSecret });
      } catch (error) {
        if (!(error instanceof OAuthExchangeError)) throw error;
        request.log.warn({ shop, status: error.status, err: error.message }, "platform token exchange failed");
        throw new AppError("unauthorized", "The platform did not confirm this install, please start again");
      }
      await installShop(ctx2, { shop, accessToken: grant.accessToken, scope: grant.scope, purpose });
      return reply.header("cache-control", "no-store").redirect("/app", 302);
    }
  );
  app2.get(
    "/api/auth/request-token-seller",
    {
      config: { policy: "public", rateLimit: RATE_LIMIT },
      schema: {
        tags: TAGS2,
        summary: "A vendor connects its own platform shop: verify the signed request and redirect to the shop's authorize screen",
        querystring: SellerTokenQuerySchema,
        response: { 302: Redirect }
      }
    },
    async (request, reply) => {
      const { apiSecret } = requirePlatform(ctx2.config, "shopify");
      verifySignedQuery(request.url, apiSecret, ctx2.now(), { requireTimestamp: false });
      const target = await authorizeUrlFor(request.query.shop, "seller");
      return reply.header("cache-control", "no-store").redirect(target, 302);
    }
  );
  app2.get(
    EXIT_IFRAME_SCRIPT_PATH,
    {
      config: { policy: "public" },
      schema: { tags: TAGS2, summary: "The script of the page that leaves the admin frame during an install", produces: ["text/javascript"] }
    },
    async (_request, reply) => reply.type("text/javascript; charset=utf-8").header("cache-control", "public, max-age=86400").send(EXIT_IFRAME_SCRIPT)
  );
}

// src/server/modules/notifications/routes.ts
import { z as z26 } from "zod";

// src/server/modules/duty-digest/duty-digest.ts
import { and as and24, eq as eq32, ne as ne2 } from "drizzle-orm";

// src/server/modules/orders/order-scope.ts
import { and as and23, eq as eq31, sql as sql15 } from "drizzle-orm";

// src/shared/schemas/orders.ts
import { z as z25 } from "zod";

// src/shared/delivery-markets.ts
var COUNTRIES = [
  ["AD", "Andorra"],
  ["AE", "United Arab Emirates"],
  ["AF", "Afghanistan"],
  ["AG", "Antigua & Barbuda"],
  ["AI", "Anguilla"],
  ["AL", "Albania"],
  ["AM", "Armenia"],
  ["AO", "Angola"],
  ["AQ", "Antarctica"],
  ["AR", "Argentina"],
  ["AS", "American Samoa"],
  ["AT", "Austria"],
  ["AU", "Australia"],
  ["AW", "Aruba"],
  ["AX", "\xC5land Islands"],
  ["AZ", "Azerbaijan"],
  ["BA", "Bosnia & Herzegovina"],
  ["BB", "Barbados"],
  ["BD", "Bangladesh"],
  ["BE", "Belgium"],
  ["BF", "Burkina Faso"],
  ["BG", "Bulgaria"],
  ["BH", "Bahrain"],
  ["BI", "Burundi"],
  ["BJ", "Benin"],
  ["BL", "St. Barth\xE9lemy"],
  ["BM", "Bermuda"],
  ["BN", "Brunei"],
  ["BO", "Bolivia"],
  ["BQ", "Caribbean Netherlands"],
  ["BR", "Brazil"],
  ["BS", "Bahamas"],
  ["BT", "Bhutan"],
  ["BV", "Bouvet Island"],
  ["BW", "Botswana"],
  ["BY", "Belarus"],
  ["BZ", "Belize"],
  ["CA", "Canada"],
  ["CC", "Cocos (Keeling) Islands"],
  ["CD", "Congo - Kinshasa"],
  ["CF", "Central African Republic"],
  ["CG", "Congo - Brazzaville"],
  ["CH", "Switzerland"],
  ["CI", "C\xF4te d'Ivoire"],
  ["CK", "Cook Islands"],
  ["CL", "Chile"],
  ["CM", "Cameroon"],
  ["CN", "China"],
  ["CO", "Colombia"],
  ["CR", "Costa Rica"],
  ["CU", "Cuba"],
  ["CV", "Cape Verde"],
  ["CW", "Cura\xE7ao"],
  ["CX", "Christmas Island"],
  ["CY", "Cyprus"],
  ["CZ", "Czechia"],
  ["DE", "Germany"],
  ["DJ", "Djibouti"],
  ["DK", "Denmark"],
  ["DM", "Dominica"],
  ["DO", "Dominican Republic"],
  ["DZ", "Algeria"],
  ["EC", "Ecuador"],
  ["EE", "Estonia"],
  ["EG", "Egypt"],
  ["EH", "Western Sahara"],
  ["ER", "Eritrea"],
  ["ES", "Spain"],
  ["ET", "Ethiopia"],
  ["FI", "Finland"],
  ["FJ", "Fiji"],
  ["FK", "Falkland Islands"],
  ["FM", "Micronesia"],
  ["FO", "Faroe Islands"],
  ["FR", "France"],
  ["GA", "Gabon"],
  ["GB", "United Kingdom"],
  ["GD", "Grenada"],
  ["GE", "Georgia"],
  ["GF", "French Guiana"],
  ["GG", "Guernsey"],
  ["GH", "Ghana"],
  ["GI", "Gibraltar"],
  ["GL", "Greenland"],
  ["GM", "Gambia"],
  ["GN", "Guinea"],
  ["GP", "Guadeloupe"],
  ["GQ", "Equatorial Guinea"],
  ["GR", "Greece"],
  ["GS", "South Georgia & South Sandwich Islands"],
  ["GT", "Guatemala"],
  ["GU", "Guam"],
  ["GW", "Guinea-Bissau"],
  ["GY", "Guyana"],
  ["HK", "Hong Kong SAR China"],
  ["HM", "Heard & McDonald Islands"],
  ["HN", "Honduras"],
  ["HR", "Croatia"],
  ["HT", "Haiti"],
  ["HU", "Hungary"],
  ["ID", "Indonesia"],
  ["IE", "Ireland"],
  ["IL", "Israel"],
  ["IM", "Isle of Man"],
  ["IN", "India"],
  ["IO", "British Indian Ocean Territory"],
  ["IQ", "Iraq"],
  ["IR", "Iran"],
  ["IS", "Iceland"],
  ["IT", "Italy"],
  ["JE", "Jersey"],
  ["JM", "Jamaica"],
  ["JO", "Jordan"],
  ["JP", "Japan"],
  ["KE", "Kenya"],
  ["KG", "Kyrgyzstan"],
  ["KH", "Cambodia"],
  ["KI", "Kiribati"],
  ["KM", "Comoros"],
  ["KN", "St. Kitts & Nevis"],
  ["KP", "North Korea"],
  ["KR", "South Korea"],
  ["KW", "Kuwait"],
  ["KY", "Cayman Islands"],
  ["KZ", "Kazakhstan"],
  ["LA", "Laos"],
  ["LB", "Lebanon"],
  ["LC", "St. Lucia"],
  ["LI", "Liechtenstein"],
  ["LK", "Sri Lanka"],
  ["LR", "Liberia"],
  ["LS", "Lesotho"],
  ["LT", "Lithuania"],
  ["LU", "Luxembourg"],
  ["LV", "Latvia"],
  ["LY", "Libya"],
  ["MA", "Morocco"],
  ["MC", "Monaco"],
  ["MD", "Moldova"],
  ["ME", "Montenegro"],
  ["MF", "St. Martin"],
  ["MG", "Madagascar"],
  ["MH", "Marshall Islands"],
  ["MK", "North Macedonia"],
  ["ML", "Mali"],
  ["MM", "Myanmar (Burma)"],
  ["MN", "Mongolia"],
  ["MO", "Macao SAR China"],
  ["MP", "Northern Mariana Islands"],
  ["MQ", "Martinique"],
  ["MR", "Mauritania"],
  ["MS", "Montserrat"],
  ["MT", "Malta"],
  ["MU", "Mauritius"],
  ["MV", "Maldives"],
  ["MW", "Malawi"],
  ["MX", "Mexico"],
  ["MY", "Malaysia"],
  ["MZ", "Mozambique"],
  ["NA", "Namibia"],
  ["NC", "New Caledonia"],
  ["NE", "Niger"],
  ["NF", "Norfolk Island"],
  ["NG", "Nigeria"],
  ["NI", "Nicaragua"],
  ["NL", "Netherlands"],
  ["NO", "Norway"],
  ["NP", "Nepal"],
  ["NR", "Nauru"],
  ["NU", "Niue"],
  ["NZ", "New Zealand"],
  ["OM", "Oman"],
  ["PA", "Panama"],
  ["PE", "Peru"],
  ["PF", "French Polynesia"],
  ["PG", "Papua New Guinea"],
  ["PH", "Philippines"],
  ["PK", "Pakistan"],
  ["PL", "Poland"],
  ["PM", "St. Pierre & Miquelon"],
  ["PN", "Pitcairn Islands"],
  ["PR", "Puerto Rico"],
  ["PS", "Palestinian Territories"],
  ["PT", "Portugal"],
  ["PW", "Palau"],
  ["PY", "Paraguay"],
  ["QA", "Qatar"],
  ["RE", "R\xE9union"],
  ["RO", "Romania"],
  ["RS", "Serbia"],
  ["RU", "Russia"],
  ["RW", "Rwanda"],
  ["SA", "Saudi Arabia"],
  ["SB", "Solomon Islands"],
  ["SC", "Seychelles"],
  ["SD", "Sudan"],
  ["SE", "Sweden"],
  ["SG", "Singapore"],
  ["SH", "St. Helena"],
  ["SI", "Slovenia"],
  ["SJ", "Svalbard & Jan Mayen"],
  ["SK", "Slovakia"],
  ["SL", "Sierra Leone"],
  ["SM", "San Marino"],
  ["SN", "Senegal"],
  ["SO", "Somalia"],
  ["SR", "Suriname"],
  ["SS", "South Sudan"],
  ["ST", "S\xE3o Tom\xE9 & Pr\xEDncipe"],
  ["SV", "El Salvador"],
  ["SX", "Sint Maarten"],
  ["SY", "Syria"],
  ["SZ", "Eswatini"],
  ["TC", "Turks & Caicos Islands"],
  ["TD", "Chad"],
  ["TF", "French Southern Territories"],
  ["TG", "Togo"],
  ["TH", "Thailand"],
  ["TJ", "Tajikistan"],
  ["TK", "Tokelau"],
  ["TL", "Timor-Leste"],
  ["TM", "Turkmenistan"],
  ["TN", "Tunisia"],
  ["TO", "Tonga"],
  ["TR", "T\xFCrkiye"],
  ["TT", "Trinidad & Tobago"],
  ["TV", "Tuvalu"],
  ["TW", "Taiwan"],
  ["TZ", "Tanzania"],
  ["UA", "Ukraine"],
  ["UG", "Uganda"],
  ["UM", "U.S. Outlying Islands"],
  ["US", "United States"],
  ["UY", "Uruguay"],
  ["UZ", "Uzbekistan"],
  ["VA", "Vatican City"],
  ["VC", "St. Vincent & Grenadines"],
  ["VE", "Venezuela"],
  ["VG", "British Virgin Islands"],
  ["VI", "U.S. Virgin Islands"],
  ["VN", "Vietnam"],
  ["VU", "Vanuatu"],
  ["WF", "Wallis & Futuna"],
  ["WS", "Samoa"],
  ["XK", "Kosovo"],
  ["YE", "Yemen"],
  ["YT", "Mayotte"],
  ["ZA", "South Africa"],
  ["ZM", "Zambia"],
  ["ZW", "Zimbabwe"]
];
var PROVINCES = {
  US: [
    ["AL", "Alabama"],
    ["AK", "Alaska"],
    ["AZ", "Arizona"],
    ["AR", "Arkansas"],
    ["CA", "California"],
    ["CO", "Colorado"],
    ["CT", "Connecticut"],
    ["DE", "Delaware"],
    ["DC", "District of Columbia"],
    ["FL", "Florida"],
    ["GA", "Georgia"],
    ["HI", "Hawaii"],
    ["ID", "Idaho"],
    ["IL", "Illinois"],
    ["IN", "Indiana"],
    ["IA", "Iowa"],
    ["KS", "Kansas"],
    ["KY", "Kentucky"],
    ["LA", "Louisiana"],
    ["ME", "Maine"],
    ["MD", "Maryland"],
    ["MA", "Massachusetts"],
    ["MI", "Michigan"],
    ["MN", "Minnesota"],
    ["MS", "Mississippi"],
    ["MO", "Missouri"],
    ["MT", "Montana"],
    ["NE", "Nebraska"],
    ["NV", "Nevada"],
    ["NH", "New Hampshire"],
    ["NJ", "New Jersey"],
    ["NM", "New Mexico"],
    ["NY", "New York"],
    ["NC", "North Carolina"],
    ["ND", "North Dakota"],
    ["OH", "Ohio"],
    ["OK", "Oklahoma"],
    ["OR", "Oregon"],
    ["PA", "Pennsylvania"],
    ["RI", "Rhode Island"],
    ["SC", "South Carolina"],
    ["SD", "South Dakota"],
    ["TN", "Tennessee"],
    ["TX", "Texas"],
    ["UT", "Utah"],
    ["VT", "Vermont"],
    ["VA", "Virginia"],
    ["WA", "Washington"],
    ["WV", "West Virginia"],
    ["WI", "Wisconsin"],
    ["WY", "Wyoming"],
    ["AS", "American Samoa"],
    ["GU", "Guam"],
    ["MP", "Northern Mariana Islands"],
    ["PR", "Puerto Rico"],
    ["VI", "U.S. Virgin Islands"],
    ["UM", "U.S. Outlying Islands"],
    ["AA", "Armed Forces Americas"],
    ["AE", "Armed Forces Europe"],
    ["AP", "Armed Forces Pacific"]
  ],
  CA: [
    ["AB", "Alberta"],
    ["BC", "British Columbia"],
    ["MB", "Manitoba"],
    ["NB", "New Brunswick"],
    ["NL", "Newfoundland and Labrador"],
    ["NT", "Northwest Territories"],
    ["NS", "Nova Scotia"],
    ["NU", "Nunavut"],
    ["ON", "Ontario"],
    ["PE", "Prince Edward Island"],
    ["QC", "Quebec"],
    ["SK", "Saskatchewan"],
    ["YT", "Yukon"]
  ],
  AU: [
    ["ACT", "Australian Capital Territory"],
    ["NSW", "New South Wales"],
    ["NT", "Northern Territory"],
    ["QLD", "Queensland"],
    ["SA", "South Australia"],
    ["TAS", "Tasmania"],
    ["VIC", "Victoria"],
    ["WA", "Western Australia"]
  ],
  ES: [
    ["C", "A Coru\xF1a"],
    ["VI", "\xC1lava"],
    ["AB", "Albacete"],
    ["A", "Alicante"],
    ["AL", "Almer\xEDa"],
    ["O", "Asturias"],
    ["AV", "\xC1vila"],
    ["BA", "Badajoz"],
    ["PM", "Balears"],
    ["B", "Barcelona"],
    ["BU", "Burgos"],
    ["CC", "C\xE1ceres"],
    ["CA", "C\xE1diz"],
    ["S", "Cantabria"],
    ["CS", "Castell\xF3n"],
    ["CE", "Ceuta"],
    ["CR", "Ciudad Real"],
    ["CO", "C\xF3rdoba"],
    ["CU", "Cuenca"],
    ["GI", "Girona"],
    ["GR", "Granada"],
    ["GU", "Guadalajara"],
    ["SS", "Gipuzkoa"],
    ["H", "Huelva"],
    ["HU", "Huesca"],
    ["J", "Ja\xE9n"],
    ["LO", "La Rioja"],
    ["GC", "Las Palmas"],
    ["LE", "Le\xF3n"],
    ["L", "Lleida"],
    ["LU", "Lugo"],
    ["M", "Madrid"],
    ["MA", "M\xE1laga"],
    ["ML", "Melilla"],
    ["MU", "Murcia"],
    ["NA", "Navarra"],
    ["OR", "Ourense"],
    ["P", "Palencia"],
    ["PO", "Pontevedra"],
    ["SA", "Salamanca"],
    ["TF", "Santa Cruz de Tenerife"],
    ["SG", "Segovia"],
    ["SE", "Sevilla"],
    ["SO", "Soria"],
    ["T", "Tarragona"],
    ["TE", "Teruel"],
    ["TO", "Toledo"],
    ["V", "Valencia"],
    ["VA", "Valladolid"],
    ["BI", "Bizkaia"],
    ["ZA", "Zamora"],
    ["Z", "Zaragoza"]
  ],
  IT: [
    ["AG", "Agrigento"],
    ["AL", "Alessandria"],
    ["AN", "Ancona"],
    ["AO", "Aosta"],
    ["AR", "Arezzo"],
    ["AP", "Ascoli Piceno"],
    ["AT", "Asti"],
    ["AV", "Avellino"],
    ["BA", "Bari"],
    ["BT", "Barletta-Andria-Trani"],
    ["BL", "Belluno"],
    ["BN", "Benevento"],
    ["BG", "Bergamo"],
    ["BI", "Biella"],
    ["BO", "Bologna"],
    ["BZ", "Bolzano"],
    ["BS", "Brescia"],
    ["BR", "Brindisi"],
    ["CA", "Cagliari"],
    ["CL", "Caltanissetta"],
    ["CB", "Campobasso"],
    ["CE", "Caserta"],
    ["CT", "Catania"],
    ["CZ", "Catanzaro"],
    ["CH", "Chieti"],
    ["CO", "Como"],
    ["CS", "Cosenza"],
    ["CR", "Cremona"],
    ["KR", "Crotone"],
    ["CN", "Cuneo"],
    ["EN", "Enna"],
    ["FM", "Fermo"],
    ["FE", "Ferrara"],
    ["FI", "Firenze"],
    ["FG", "Foggia"],
    ["FC", "Forl\xEC-Cesena"],
    ["FR", "Frosinone"],
    ["GE", "Genova"],
    ["GO", "Gorizia"],
    ["GR", "Grosseto"],
    ["IM", "Imperia"],
    ["IS", "Isernia"],
    ["AQ", "L'Aquila"],
    ["SP", "La Spezia"],
    ["LT", "Latina"],
    ["LE", "Lecce"],
    ["LC", "Lecco"],
    ["LI", "Livorno"],
    ["LO", "Lodi"],
    ["LU", "Lucca"],
    ["MC", "Macerata"],
    ["MN", "Mantova"],
    ["MS", "Massa-Carrara"],
    ["MT", "Matera"],
    ["ME", "Messina"],
    ["MI", "Milano"],
    ["MO", "Modena"],
    ["MB", "Monza e Brianza"],
    ["NA", "Napoli"],
    ["NO", "Novara"],
    ["NU", "Nuoro"],
    ["OR", "Oristano"],
    ["PD", "Padova"],
    ["PA", "Palermo"],
    ["PR", "Parma"],
    ["PV", "Pavia"],
    ["PG", "Perugia"],
    ["PU", "Pesaro e Urbino"],
    ["PE", "Pescara"],
    ["PC", "Piacenza"],
    ["PI", "Pisa"],
    ["PT", "Pistoia"],
    ["PN", "Pordenone"],
    ["PZ", "Potenza"],
    ["PO", "Prato"],
    ["RG", "Ragusa"],
    ["RA", "Ravenna"],
    ["RC", "Reggio Calabria"],
    ["RE", "Reggio Emilia"],
    ["RI", "Rieti"],
    ["RN", "Rimini"],
    ["RM", "Roma"],
    ["RO", "Rovigo"],
    ["SA", "Salerno"],
    ["SS", "Sassari"],
    ["SV", "Savona"],
    ["SI", "Siena"],
    ["SR", "Siracusa"],
    ["SO", "Sondrio"],
    ["SU", "Sud Sardegna"],
    ["TA", "Taranto"],
    ["TE", "Teramo"],
    ["TR", "Terni"],
    ["TO", "Torino"],
    ["TP", "Trapani"],
    ["TN", "Trento"],
    ["TV", "Treviso"],
    ["TS", "Trieste"],
    ["UD", "Udine"],
    ["VA", "Varese"],
    ["VE", "Venezia"],
    ["VB", "Verbano-Cusio-Ossola"],
    ["VC", "Vercelli"],
    ["VR", "Verona"],
    ["VV", "Vibo Valentia"],
    ["VI", "Vicenza"],
    ["VT", "Viterbo"]
  ]
};
var MARKETS = COUNTRIES.map(([code2, name]) => ({
  code: code2,
  name,
  provinces: (PROVINCES[code2] ?? []).map(([provinceCode, provinceName]) => ({ code: provinceCode, name: provinceName }))
})).sort((a, b) => a.name.localeCompare(b.name, "en"));
var BY_CODE = new Map(MARKETS.map((m) => [m.code, m]));
function findMarket(code2) {
  return BY_CODE.get(code2.trim().toUpperCase()) ?? null;
}

// src/shared/schemas/delivery.ts
import { z as z24 } from "zod";
var RATE_FIELDS = ["TOTAL_WEIGHT", "TOTAL_PRICE"];
var MAX_ZONES = 200;
var MAX_RATES_PER_ZONE = 100;
var MAX_RATE_NAMES = 5;
var MAX_VALUE = 1e9;
var DELIVERY_MESSAGES = {
  required: MSG.required,
  notANumber: "Must be a number",
  countryCodeRequired: "Country code is required",
  unknownCountry: "Unknown country code",
  unknownProvince: "Unknown province",
  greaterThan: (min) => `should be greater than ${min}`,
  lessThan: (max) => `should be less than ${max}`,
  rateNamesMin: "There should be at least one rate name",
  rateNamesMax: `There should be at most ${MAX_RATE_NAMES} rate names`,
  tooManyRates: `There should be at most ${MAX_RATES_PER_ZONE} rates`,
  tooManyZones: `There should be at most ${MAX_ZONES} zones`,
  zoneNotFound: "Zone not found"
};
var number = () => z24.number({ error: (issue) => issue.input === void 0 || issue.input === null || issue.input === "" ? MSG.required : DELIVERY_MESSAGES.notANumber });
var bound = () => number().min(0, DELIVERY_MESSAGES.greaterThan(0)).max(MAX_VALUE, DELIVERY_MESSAGES.lessThan(MAX_VALUE)).nullable();
var DeliveryRateSchema = z24.object({
  name: requiredText(200),
  description: z24.string().trim().max(1e3).default(""),
  price: number().min(0, DELIVERY_MESSAGES.greaterThan(0)).max(MAX_VALUE, DELIVERY_MESSAGES.lessThan(MAX_VALUE)),
  field: z24.enum(RATE_FIELDS, { error: "Must be TOTAL_WEIGHT or TOTAL_PRICE" }).nullable().default(null),
  min: bound().default(null),
  max: bound().default(null)
}).superRefine((rate, ctx2) => {
  if (rate.min != null && rate.max != null && rate.min >= 0 && rate.max < rate.min) {
    ctx2.addIssue({ code: "custom", path: ["max"], message: DELIVERY_MESSAGES.greaterThan(rate.min) });
  }
});
var countryCode = z24.string({ error: DELIVERY_MESSAGES.countryCodeRequired }).trim().toUpperCase().min(1, DELIVERY_MESSAGES.countryCodeRequired).refine((code2) => code2 === "" || findMarket(code2) !== null, DELIVERY_MESSAGES.unknownCountry);
var ZoneCountrySchema = z24.object({
  code: countryCode,
  provinces: z24.array(z24.string().trim().toUpperCase().min(1, MSG.required).max(10)).max(200).default([])
}).superRefine((country, ctx2) => {
  const market = findMarket(country.code);
  if (!market || market.provinces.length === 0) return;
  country.provinces.forEach((province, i) => {
    if (!market.provinces.some((p) => p.code === province)) ctx2.addIssue({ code: "custom", path: ["provinces", i], message: DELIVERY_MESSAGES.unknownProvince });
  });
});
var ZoneSchema = z24.object({
  id: z24.uuid({ error: DELIVERY_MESSAGES.zoneNotFound }).optional(),
  zoneName: requiredText(200),
  rates: z24.array(DeliveryRateSchema).max(MAX_RATES_PER_ZONE, DELIVERY_MESSAGES.tooManyRates).default([]),
  countries: z24.array(ZoneCountrySchema).max(300).default([])
});
var SaveZoneSchema = z24.object({ zone: ZoneSchema });
var ZoneAnswerSchema = z24.object({
  id: z24.string(),
  zoneName: z24.string(),
  rates: z24.array(
    z24.object({
      name: z24.string(),
      description: z24.string(),
      price: z24.number(),
      field: z24.enum(RATE_FIELDS).nullable(),
      min: z24.number().nullable(),
      max: z24.number().nullable()
    })
  ),
  countries: z24.array(z24.object({ code: z24.string(), provinces: z24.array(z24.string()) }))
});
var MarketSchema = z24.object({
  code: z24.string(),
  name: z24.string(),
  provinces: z24.array(z24.object({ code: z24.string(), name: z24.string() }))
});
var ZonesAnswerSchema = z24.object({ zones: z24.array(ZoneAnswerSchema), markets: z24.array(MarketSchema) });
var DeliveryScopeQuerySchema = z24.object({ vendor: z24.string().trim().max(200).optional() });
var DeliverySettingsFields = {
  /** true: delivery on; false: off; 'override': the rate names below replace the rates' own names at checkout. */
  enabled: z24.union([z24.boolean(), z24.literal("override")], { error: "Must be true, false or override" }),
  rateNames: z24.array(requiredText(100)),
  shippo: z24.object({ enabled: z24.boolean() }),
  enableLiveRates: z24.boolean(),
  enableFlatRates: z24.boolean(),
  enableLocalPickup: z24.boolean(),
  enableRateNames: z24.boolean(),
  /** The marketplace zones (ids) that apply to vendors who have none of their own, when enabled. */
  defaultShipping: z24.object({ zones: z24.array(z24.string().max(100)).max(MAX_ZONES), enabled: z24.boolean() })
};
var DeliverySettingsSchema = z24.object(DeliverySettingsFields).superRefine((settings, ctx2) => {
  if (settings.enabled === "override" && settings.rateNames.length === 0) {
    ctx2.addIssue({ code: "custom", path: ["rateNames"], message: DELIVERY_MESSAGES.rateNamesMin });
  }
  if (settings.rateNames.length > MAX_RATE_NAMES) ctx2.addIssue({ code: "custom", path: ["rateNames"], message: DELIVERY_MESSAGES.rateNamesMax });
});
var DeliverySettingsAnswerSchema = z24.object(DeliverySettingsFields);
var DEFAULT_DELIVERY_SETTINGS = {
  enabled: false,
  rateNames: [],
  shippo: { enabled: false },
  enableLiveRates: false,
  enableFlatRates: true,
  enableLocalPickup: false,
  enableRateNames: false,
  defaultShipping: { zones: [], enabled: false }
};

// src/shared/schemas/orders.ts
var ORDER_MESSAGES = {
  notForSale: "This product is not for sale",
  outOfStock: "Not enough in stock",
  noDelivery: "No delivery to this address"
};
var CHECKOUT_LIMITS = { lines: 100, quantity: 999 };
var optionalText = (max) => z25.string().trim().max(max, `Must be at most ${max} characters`).default("");
var CheckoutAddressSchema = z25.object({
  name: requiredText(200),
  company: optionalText(200),
  street1: requiredText(200),
  street2: optionalText(200),
  city: requiredText(100),
  zip: optionalText(20),
  province: z25.string().trim().toUpperCase().max(10).default(""),
  country: z25.string({ error: MSG.required }).trim().toUpperCase().min(1, MSG.required).refine((code2) => findMarket(code2) !== null, DELIVERY_MESSAGES.unknownCountry),
  phone: optionalText(40)
});
var CheckoutBodySchema = z25.object({
  store: StoreIdSchema,
  checkoutId: z25.uuid({ error: "Must be a UUID" }),
  email: EmailSchema,
  address: CheckoutAddressSchema,
  lines: z25.array(
    z25.object({
      variantId: z25.uuid({ error: ORDER_MESSAGES.notForSale }),
      quantity: z25.number({ error: MSG.required }).int("Must be a whole number").min(1, "Must be at least 1").max(CHECKOUT_LIMITS.quantity, `Must be at most ${CHECKOUT_LIMITS.quantity}`)
    })
  ).min(1, "The cart is empty").max(CHECKOUT_LIMITS.lines, `At most ${CHECKOUT_LIMITS.lines} lines`)
});
var CheckoutAnswerSchema = z25.object({
  orderId: z25.string(),
  name: z25.string(),
  currency: z25.string(),
  /** Major units, as text ("42.50"). */
  subtotal: z25.string(),
  shipping: z25.string(),
  total: z25.string()
});
var FULFILLMENT_FILTERS = ["any", "unfulfilled", "fulfilled", "cancelled"];
var PAYOUT_FILTERS = ["all", "due", "paid"];
var ORDER_PERIODS = ["all", "today", "week", "month", "year"];
var ORDERS_PER_PAGE = 25;
var ORDER_PAGE_CAP = 400;
var ORDER_COUNT_CAP = ORDERS_PER_PAGE * ORDER_PAGE_CAP;
var DAY = /^\d{4}-\d{2}-\d{2}$/;
var daySchema = z25.string().refine((d) => DAY.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Must be a date like 2025-03-14");
var OrderListQuerySchema = z25.object({
  page: z25.coerce.number().int("Must be a whole number").min(1, "Must be at least 1").max(ORDER_PAGE_CAP, `Must be at most ${ORDER_PAGE_CAP}`).default(1),
  q: z25.string().trim().max(200).optional(),
  fulfillment: z25.enum(FULFILLMENT_FILTERS).default("any"),
  payout: z25.enum(PAYOUT_FILTERS).default("all"),
  period: z25.enum(ORDER_PERIODS).default("all"),
  from: daySchema.optional(),
  to: daySchema.optional(),
  /** An admin's vendor filter (marketplace view). */
  vendor: z25.string().trim().max(200).optional()
});
var OrderMoneySchema = z25.object({
  subtotal: z25.string(),
  discount: z25.string(),
  tax: z25.string(),
  shipping: z25.string(),
  commission: z25.string(),
  vendorShare: z25.string()
});
var OrderListItemSchema = OrderMoneySchema.extend({
  id: z25.string(),
  orderId: z25.string(),
  name: z25.string(),
  vendor: z25.string(),
  customerName: z25.string(),
  placedAt: z25.string(),
  fulfillment: z25.enum(["unfulfilled", "partial", "fulfilled", "cancelled"]),
  payout: z25.enum(["due", "paid"]),
  currency: z25.string(),
  itemCount: z25.number()
});
var OrderListAnswerSchema = z25.object({
  orders: z25.array(OrderListItemSchema),
  counts: z25.object({ count: z25.number(), payoutDue: z25.number(), payoutPaid: z25.number(), capped: z25.boolean() }),
  pageCount: z25.number()
});
var FulfillBodySchema = z25.object({
  carrier: z25.string().trim().max(100).default(""),
  tracking: z25.string().trim().max(200).default(""),
  url: z25.union([z25.literal(""), z25.url({ error: MSG.invalidUrl })]).default(""),
  lineItems: z25.array(z25.object({ id: z25.uuid(), quantity: z25.number({ error: MSG.required }).int("Must be a whole number").min(0, "Must be 0 or more") })).max(500).transform((lines) => lines.filter((l) => l.quantity > 0)).refine((lines) => lines.length > 0, "Choose at least one item to fulfil")
});
var RefundBodySchema = z25.strictObject({
  lines: z25.array(z25.strictObject({ id: z25.uuid(), quantity: z25.number({ error: MSG.required }).int("Must be a whole number").min(0, "Must be 0 or more") })).max(500).default([]).transform((lines) => lines.filter((l) => l.quantity > 0)),
  /** Shipping refunded, in the order's currency ("4.95"); shared among the vendors' parts. */
  shipping: z25.string().trim().max(20).regex(/^\d+([.,]\d+)?$/, "Must be an amount like 4.95").optional(),
  /** Whether the refunded units go back into stock (default yes). */
  restock: z25.boolean().default(true)
});
var RefundAnswerSchema = z25.object({ refundId: z25.string(), amount: z25.string(), currency: z25.string() });
var CancelAnswerSchema = z25.object({ orderId: z25.string(), cancelledAt: z25.string() });
var OrderCommissionBodySchema = z25.object({
  vendor: z25.string().trim().min(1, MSG.required).max(200),
  orderId: z25.uuid(),
  flat: z25.number({ error: MSG.required }).min(0, "Must be 0 or more"),
  percentage: z25.number({ error: MSG.required }).min(0, "Must be 0 or more").max(100, "Must be at most 100")
});
var ORDER_ACTION_MESSAGES = {
  notFound: "Order not found",
  tooMany: "More than is left to fulfil",
  cancelled: "This order is cancelled",
  paid: "This order is paid out: its commission can no longer change",
  tooManyRefunded: "More than is left to refund",
  unknownLine: "Not a line of this order",
  shipped: "A shipped order cannot be cancelled: refund it instead",
  onPlatform: "Cancel or refund this order on the storefront platform",
  nothingToRefund: "Choose what to refund"
};
var OrderLineSchema = z25.object({
  id: z25.string(),
  productId: z25.string().nullable(),
  variantId: z25.string().nullable(),
  sku: z25.string(),
  title: z25.string(),
  variantTitle: z25.string(),
  quantity: z25.number(),
  fulfilledQuantity: z25.number(),
  price: z25.string(),
  discount: z25.string(),
  tax: z25.string(),
  commission: z25.string()
});
var OrderAddressSchema = z25.object({
  name: z25.string(),
  company: z25.string(),
  street1: z25.string(),
  street2: z25.string(),
  city: z25.string(),
  zip: z25.string(),
  province: z25.string(),
  country: z25.string(),
  phone: z25.string()
});
var FulfillmentSchema = z25.object({
  id: z25.string(),
  carrier: z25.string(),
  tracking: z25.string(),
  url: z25.string(),
  lines: z25.array(z25.object({ lineId: z25.string(), quantity: z25.number() })),
  createdAt: z25.string()
});
var OrderDetailSchema = OrderListItemSchema.extend({
  /** Hidden from vendors by settings.orders.hiddenFields (customerEmail, customerPhone, billing): null then. */
  customerEmail: z25.string().nullable(),
  customerPhone: z25.string().nullable(),
  shippingAddress: OrderAddressSchema.nullable(),
  billingAddress: OrderAddressSchema.nullable(),
  /** What the buyer paid for this part: subtotal − discount + shipping + tax. */
  total: z25.string(),
  commissionOverride: z25.object({ flat: z25.number(), percentage: z25.number() }).nullable(),
  lines: z25.array(OrderLineSchema),
  fulfillments: z25.array(FulfillmentSchema)
});
var OrderDetailAnswerSchema = z25.object({
  order: OrderDetailSchema,
  /** For admins: every vendor's part of the same order (empty for vendors). */
  adminOrders: z25.array(OrderListItemSchema),
  /** Our variants on the order's lines, as they are now. */
  variantDetails: z25.record(z25.string(), z25.object({ productId: z25.string(), productTitle: z25.string(), image: z25.string().nullable(), stock: z25.number(), trackStock: z25.boolean() }))
});
var FulfillAnswerSchema = z25.object({ fulfillment: FulfillmentSchema, nextOrder: z25.string().nullable() });
var OrderCommissionAnswerSchema = z25.object({ orderId: z25.string(), vendor: z25.string(), commission: z25.string(), vendorShare: z25.string() });

// src/server/modules/products/product-scope.ts
import { and as and22, eq as eq30 } from "drizzle-orm";
var PRODUCT_NOT_FOUND = "Product not found";
var UUID3 = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
var isUuid = (value) => UUID3.test(value);
var scopeOf = (auth) => ({ storeId: auth.storeId, vendorId: auth.vendorId });
function inScope(scope, productId) {
  const conditions = [eq30(products.id, productId), eq30(products.storeId, scope.storeId)];
  if (scope.vendorId) conditions.push(eq30(products.vendorId, scope.vendorId));
  return and22(...conditions);
}
async function getScopedProduct(db, scope, productId, options = {}) {
  if (!isUuid(productId)) throw notFound(PRODUCT_NOT_FOUND);
  const query = db.select().from(products).where(inScope(scope, productId));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return row;
}

// src/server/modules/orders/order-scope.ts
var OPEN_FULFILLMENTS = ["unfulfilled", "partial"];
var OPEN_ORDER = sql15`${vendorOrders.fulfillment} in (${sql15.raw(OPEN_FULFILLMENTS.map((f) => `'${f}'`).join(", "))})`;
function orderScope(auth) {
  return and23(eq31(vendorOrders.storeId, auth.storeId), auth.vendorId ? eq31(vendorOrders.vendorId, auth.vendorId) : void 0);
}
async function getScopedVendorOrder(db, auth, id, options = {}) {
  if (!isUuid(id)) throw notFound(ORDER_ACTION_MESSAGES.notFound);
  const query = db.select().from(vendorOrders).where(and23(eq31(vendorOrders.id, id), orderScope(auth)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(ORDER_ACTION_MESSAGES.notFound);
  return row;
}

// src/server/db/count-up-to.ts
import { sql as sql16 } from "drizzle-orm";
async function countUpTo(db, table, where, limit) {
  const rows = db.select({ one: sql16`1` }).from(table).where(where).limit(limit).as("counted");
  const [{ n }] = await db.select({ n: sql16`count(*)::int` }).from(rows);
  return n;
}

// src/server/modules/duty-digest/duty-digest.ts
var DUTY_DIGEST_JOB = "duty-digest";
var DIGEST_COUNT_CAP = 1e3;
function registerDutyDigestJob(ctx2) {
  ctx2.jobs.register(DUTY_DIGEST_JOB, (payload) => sendDutyDigest(ctx2, payload));
}
async function scheduleDutyDigest(ctx2, storeId, after = ctx2.now()) {
  const settings = await readNotificationSettings(ctx2.db, storeId);
  const at = nextDigestAt(settings, after);
  await ctx2.jobs.enqueue(DUTY_DIGEST_JOB, { storeId, at: at.toISOString() }, { runAt: at, dedupeKey: `${DUTY_DIGEST_JOB}:${storeId}:${at.toISOString()}` });
}
async function scheduleAllDutyDigests(ctx2) {
  for (const { id } of await ctx2.db.select({ id: stores.id }).from(stores)) await scheduleDutyDigest(ctx2, id);
}
async function sendDutyDigest(ctx2, payload) {
  const storeId = String(payload.storeId);
  const at = new Date(String(payload.at));
  const settings = await readNotificationSettings(ctx2.db, storeId);
  if (nextDigestAt(settings, new Date(at.getTime() - 1)).getTime() !== at.getTime()) {
    await scheduleDutyDigest(ctx2, storeId);
    return;
  }
  const counts = {
    pending_products: await countUpTo(ctx2.db, products, and24(eq32(products.storeId, storeId), eq32(products.approved, false), ne2(products.status, "ARCHIVED")), DIGEST_COUNT_CAP),
    pending_applications: await countUpTo(ctx2.db, vendorApplications, and24(eq32(vendorApplications.storeId, storeId), eq32(vendorApplications.status, "pending")), DIGEST_COUNT_CAP),
    unfulfilled_orders: await countUpTo(ctx2.db, vendorOrders, and24(eq32(vendorOrders.storeId, storeId), OPEN_ORDER), DIGEST_COUNT_CAP),
    // Buyer conversations are not part of the product yet: none can wait.
    unanswered_conversations: 0
  };
  if (Object.values(counts).some((n) => n > 0)) {
    const date = at.toISOString().slice(0, 10);
    for (const email2 of await activeAdminEmails(ctx2.db, storeId)) {
      await ctx2.mailer.send({
        storeId,
        template: "marketplace-duty-digest",
        to: email2,
        vars: { ...counts, date, link: `${ctx2.config.publicUrl}/app` },
        dedupeKey: `${DUTY_DIGEST_JOB}:${storeId}:${date}:${email2}`
      });
    }
  }
  await scheduleDutyDigest(ctx2, storeId, at);
}

// src/server/modules/notifications/get-template.ts
import { and as and25, eq as eq33 } from "drizzle-orm";
function requireTemplateName(name) {
  if (!isTemplateName(name)) throw notFound(NOTIFICATION_MESSAGES.unknownTemplate);
  return name;
}
async function findTemplateOverride(db, storeId, name) {
  const [row] = await db.select().from(notificationTemplates).where(and25(eq33(notificationTemplates.storeId, storeId), eq33(notificationTemplates.template, name)));
  return row ?? null;
}
async function getTemplate(ctx2, storeId, templateName) {
  const name = requireTemplateName(templateName);
  const [settings, override] = await Promise.all([readNotificationSettings(ctx2.db, storeId), findTemplateOverride(ctx2.db, storeId, name)]);
  const definition = TEMPLATES[name];
  return {
    name,
    description: definition.description,
    htmlBody: override?.htmlBody || definition.html,
    defaultHtml: definition.html,
    subject: override?.subject || definition.subject,
    defaultSubject: definition.subject,
    variables: templateVariables(name),
    enabled: settings.templates[name].enabled,
    customised: !!(override?.htmlBody || override?.subject)
  };
}

// src/server/modules/notifications/list-outbox.ts
import { desc as desc3, eq as eq34, sql as sql17 } from "drizzle-orm";
async function listOutbox(ctx2, storeId, page2) {
  const limit = OUTBOX_MAX_PAGE * OUTBOX_PAGE_SIZE;
  const [rows, [{ count: count2 }]] = await Promise.all([
    // Named columns: the delivered copy (secrets included) never leaves the server.
    ctx2.db.select({
      id: outboxEmails.id,
      template: outboxEmails.template,
      toAddress: outboxEmails.toAddress,
      fromAddress: outboxEmails.fromAddress,
      subject: outboxEmails.subject,
      html: outboxEmails.html,
      text: outboxEmails.text,
      transport: outboxEmails.transport,
      error: outboxEmails.error,
      createdAt: outboxEmails.createdAt
    }).from(outboxEmails).where(eq34(outboxEmails.storeId, storeId)).orderBy(desc3(outboxEmails.createdAt), desc3(outboxEmails.id)).limit(OUTBOX_PAGE_SIZE).offset((page2 - 1) * OUTBOX_PAGE_SIZE),
    ctx2.db.execute(sql17`SELECT count(*)::int AS count FROM (SELECT 1 FROM outbox_emails WHERE store_id = ${storeId} LIMIT ${limit}) AS bounded`).then(
      (result) => result.rows
    )
  ]);
  return {
    emails: rows.map((row) => ({
      id: row.id,
      template: row.template,
      to: row.toAddress,
      from: row.fromAddress,
      subject: row.subject,
      html: row.html,
      text: row.text,
      transport: row.transport,
      error: row.error,
      createdAt: row.createdAt.toISOString()
    })),
    page: page2,
    pageCount: Math.ceil(Number(count2) / OUTBOX_PAGE_SIZE)
  };
}

// src/server/modules/notifications/list-templates.ts
import { eq as eq35 } from "drizzle-orm";
async function listTemplates(ctx2, storeId) {
  const [settings, overrides] = await Promise.all([
    readNotificationSettings(ctx2.db, storeId),
    ctx2.db.select().from(notificationTemplates).where(eq35(notificationTemplates.storeId, storeId))
  ]);
  const customised = new Set(overrides.filter((o) => o.htmlBody || o.subject).map((o) => o.template));
  return {
    templates: TEMPLATE_NAMES.map((name) => ({
      name,
      description: TEMPLATES[name].description,
      enabled: settings.templates[name].enabled,
      customised: customised.has(name)
    }))
  };
}

// src/server/modules/notifications/preview-template.ts
async function previewTemplate(ctx2, storeId, templateName, input) {
  const name = requireTemplateName(templateName);
  const [store, override] = await Promise.all([getStore(ctx2.db, storeId), findTemplateOverride(ctx2.db, storeId, name)]);
  const definition = TEMPLATES[name];
  const data = { shop_name: store.shopName, store: storeId, ...sampleVars(name, input.params) };
  const render = async (source, kind, path7) => {
    try {
      return await renderTemplate(source, data, kind);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      const message = `Invalid template: ${error.message}`;
      throw badRequest(message, [{ path: path7, message }]);
    }
  };
  const subject = await render(input.subject?.trim() ? input.subject : override?.subject || definition.subject, "text", "subject");
  const html = await render(input.htmlBody?.trim() ? input.htmlBody : override?.htmlBody || definition.html, "html", "htmlBody");
  return { subject: subject.replace(/\s+/g, " ").trim(), html };
}

// src/server/modules/notifications/save-template.ts
import { and as and26, eq as eq36, sql as sql18 } from "drizzle-orm";
function assertParses(source, kind, path7) {
  try {
    parseTemplate(source, kind);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    const message = `Invalid template: ${error.message}`;
    throw badRequest(message, [{ path: path7, message }]);
  }
}
async function saveTemplate(ctx2, storeId, templateName, update) {
  const name = requireTemplateName(templateName);
  const definition = TEMPLATES[name];
  const own = (value, fallback) => value.trim() === "" || value === fallback ? null : value;
  const htmlBody = own(update.htmlBody, definition.html);
  if (htmlBody !== null) assertParses(htmlBody, "html", "htmlBody");
  let subject;
  if (update.subject === void 0) {
    subject = (await findTemplateOverride(ctx2.db, storeId, name))?.subject ?? null;
  } else {
    subject = own(update.subject, definition.subject);
    if (subject !== null) assertParses(subject, "text", "subject");
  }
  const where = and26(eq36(notificationTemplates.storeId, storeId), eq36(notificationTemplates.template, name));
  if (htmlBody === null && subject === null) {
    await ctx2.db.delete(notificationTemplates).where(where);
  } else {
    await ctx2.db.insert(notificationTemplates).values({ storeId, template: name, htmlBody, subject }).onConflictDoUpdate({
      target: [notificationTemplates.storeId, notificationTemplates.template],
      set: { htmlBody, subject, updatedAt: sql18`now()` }
    });
  }
  return getTemplate(ctx2, storeId, name);
}

// src/server/modules/notifications/send-test-email.ts
async function sendTestEmail(ctx2, storeId, templateName, input) {
  const template = requireTemplateName(templateName);
  await ctx2.mailer.send({ storeId, template, to: input.email, vars: sampleVars(template, input.params), isTest: true });
}

// src/server/modules/notifications/set-integration.ts
var LABEL = { brevo: "Brevo", klaviyo: "Klaviyo" };
async function setIntegration(ctx2, auth, input) {
  if (input.service === "none") {
    const settings2 = await changeNotificationSettings(ctx2.db, auth.storeId, (current) => ({ ...current, integration: { service: "none" } }));
    return toNotificationSettingsView(settings2);
  }
  const service = input.service;
  const apiKey = input.apiKey ?? "";
  try {
    await createMailingProvider(service, apiKey, ctx2.mailer.mailingBaseUrls).verifyKey();
  } catch (error) {
    if (!(error instanceof MailingError)) throw error;
    const message = error.refusedKey ? `${LABEL[service]} refused this API key; check that it is complete and active` : `Could not check the key with ${LABEL[service]}: ${error.message}`;
    throw badRequest(message, [{ path: "apiKey", message }]);
  }
  const sealed = (await getEncryption(ctx2.db)).encrypt(apiKey, integrationKeyContext(auth.storeId));
  const settings = await changeNotificationSettings(ctx2.db, auth.storeId, (current) => ({
    ...current,
    integration: { service, apiKeyEncrypted: sealed, ...input.listIds?.length ? { listIds: input.listIds } : {} }
  }));
  for (const email2 of await activeAdminEmails(ctx2.db, auth.storeId)) {
    await ctx2.mailer.send({ storeId: auth.storeId, template: "marketplace-integration-set", to: email2, vars: { service: LABEL[service], email: auth.email } });
  }
  return toNotificationSettingsView(settings);
}

// src/server/modules/notifications/routes.ts
var tags5 = ["notifications"];
var Ok5 = z26.object({ ok: z26.literal(true) });
function registerNotificationRoutes(app2, ctx2) {
  app2.get(
    "/api/notifications/settings",
    {
      config: { policy: "admin" },
      schema: { tags: tags5, summary: "Notification settings (the mailing API key never leaves the server: hasApiKey)", response: { 200: NotificationSettingsViewSchema } }
    },
    async (request) => toNotificationSettingsView(await readNotificationSettings(ctx2.db, requireAuth(request).storeId))
  );
  app2.put(
    "/api/notifications/settings",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags5,
        summary: "Replace the notification settings: disableAll, sendingEmail, per-template enabled and reminder delayInHours, digestSendAtHourUtc",
        body: NotificationSettingsUpdateSchema,
        response: { 200: NotificationSettingsViewSchema }
      }
    },
    async (request) => {
      const { storeId } = requireAuth(request);
      const saved = await updateNotificationSettings(ctx2.db, storeId, request.body);
      await scheduleDutyDigest(ctx2, storeId);
      return toNotificationSettingsView(saved);
    }
  );
  app2.patch(
    "/api/notifications/integration",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags5,
        summary: "Connect Brevo or Klaviyo (the key is checked with the provider, then stored encrypted) or disconnect (none)",
        body: IntegrationUpdateSchema,
        response: { 200: NotificationSettingsViewSchema }
      }
    },
    async (request) => setIntegration(ctx2, requireAuth(request), request.body)
  );
  app2.get(
    "/api/notifications/templates",
    {
      config: { policy: "admin" },
      schema: { tags: tags5, summary: "Every e-mail template: name, description, enabled, customised", response: { 200: TemplateListSchema } }
    },
    async (request) => listTemplates(ctx2, requireAuth(request).storeId)
  );
  app2.get(
    "/api/notifications/templates/:template",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags5,
        summary: "A template: the store's body and subject, the defaults, the variables with samples, enabled",
        params: TemplateNameParamsSchema,
        response: { 200: TemplateDetailSchema }
      }
    },
    async (request) => getTemplate(ctx2, requireAuth(request).storeId, request.params.template)
  );
  app2.put(
    "/api/notifications/templates/:template",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags5,
        summary: "Save the store\u2019s body (and subject) of a template; empty goes back to the default; invalid Liquid is a 400",
        params: TemplateNameParamsSchema,
        body: TemplateUpdateSchema,
        response: { 200: TemplateDetailSchema }
      }
    },
    async (request) => saveTemplate(ctx2, requireAuth(request).storeId, request.params.template, request.body)
  );
  app2.post(
    "/api/notifications/templates/:template/preview",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags5,
        summary: "Render a template being edited (or the saved one) with the sample variables and params, for the live preview",
        params: TemplateNameParamsSchema,
        body: TemplatePreviewSchema,
        response: { 200: TemplatePreviewAnswerSchema }
      }
    },
    async (request) => previewTemplate(ctx2, requireAuth(request).storeId, request.params.template, request.body)
  );
  app2.post(
    "/api/notifications/templates/:template/test-email",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags5,
        summary: "Send a test e-mail of a template, rendered with the sample variables merged with params (queued)",
        params: TemplateNameParamsSchema,
        body: TestEmailSchema,
        response: { 201: Ok5 }
      }
    },
    async (request, reply) => {
      await sendTestEmail(ctx2, requireAuth(request).storeId, request.params.template, request.body);
      return reply.status(201).send({ ok: true });
    }
  );
  app2.get(
    "/api/notifications/outbox",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags5,
        summary: "The store's sent and failed e-mails, newest first, 50 a page",
        querystring: OutboxQuerySchema,
        response: { 200: OutboxPageSchema }
      }
    },
    async (request) => listOutbox(ctx2, requireAuth(request).storeId, request.query.page)
  );
}

// src/server/modules/docs/routes.ts
function registerDocsRoutes(app2) {
  app2.get(
    "/api/docs/openapi.json",
    { config: { policy: "public" }, schema: { hide: true } },
    async () => app2.swagger()
  );
}

// src/server/modules/health/routes.ts
import { z as z27 } from "zod";

// src/server/modules/health/readiness.ts
import { readFileSync } from "node:fs";
import path4 from "node:path";
import { sql as sql19 } from "drizzle-orm";
var journal = JSON.parse(readFileSync(path4.join(migrationsFolder, "meta", "_journal.json"), "utf8")).entries;
async function checkReadiness(ctx2) {
  const checks = { database: "ok", migrations: "ok", jobs: "ok" };
  try {
    const result = await ctx2.db.execute(sql19`SELECT coalesce(max(created_at), 0)::text AS last FROM drizzle.__drizzle_migrations`);
    const last = Number(result.rows[0]?.last ?? 0);
    const pending = journal.filter((entry2) => entry2.when > last).map((entry2) => entry2.tag);
    if (pending.length > 0) checks.migrations = `not applied: ${pending.join(", ")}`;
  } catch (error) {
    checks.database = `unreachable: ${error instanceof Error ? error.message : String(error)}`;
    checks.migrations = "unknown";
  }
  if (!ctx2.jobs.isRunning) checks.jobs = "not running";
  return { ready: Object.values(checks).every((check) => check === "ok"), checks };
}

// src/server/modules/health/routes.ts
var tags6 = ["health"];
var CheckSchema = z27.string().describe('"ok", or what is wrong');
var ReadySchema = z27.object({
  status: z27.enum(["ready", "not_ready"]),
  checks: z27.object({ database: CheckSchema, migrations: CheckSchema, jobs: CheckSchema })
});
function registerHealthRoutes(app2, ctx2) {
  app2.get(
    "/api/health",
    {
      config: { policy: "public" },
      schema: {
        tags: tags6,
        summary: "Liveness: the process answers (the database is not touched)",
        response: { 200: z27.object({ status: z27.literal("ok") }) }
      }
    },
    async () => ({ status: "ok" })
  );
  app2.get(
    "/api/ready",
    {
      config: { policy: "public" },
      schema: {
        tags: tags6,
        summary: "Readiness: the database answers, its migrations are applied and the job runner runs; 503 otherwise (and while shutting down)",
        response: { 200: ReadySchema, 503: ReadySchema }
      }
    },
    async (_request, reply) => {
      const { ready, checks } = await checkReadiness(ctx2);
      return reply.status(ready ? 200 : 503).send({ status: ready ? "ready" : "not_ready", checks });
    }
  );
}

// src/server/modules/commissions/routes.ts
import { z as z30 } from "zod";

// src/shared/schemas/commissions.ts
import { z as z28 } from "zod";

// src/shared/money.ts
var EXPONENTS = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4
};
function currencyDecimals(currency) {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}
function parseDecimal(value) {
  let text16;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text16 = String(value);
    if (!/^-?\d+(\.\d{1,12})?$/.test(text16)) text16 = value.toFixed(12);
  } else text16 = value.trim();
  const match = /^(-)?(\d{1,15})(?:[.,](\d{1,12}))?$/.exec(text16);
  if (!match) return null;
  const fraction = (match[3] ?? "").replace(/0+$/, "");
  if (fraction.length > 6 && typeof value === "string") return null;
  const integer9 = match[2].replace(/^0+(?=\d)/, "");
  return { negative: !!match[1] && /[1-9]/.test(integer9 + fraction), integer: integer9, fraction };
}
function scaled(d, scale, round2) {
  const kept = d.fraction.slice(0, scale).padEnd(scale, "0");
  const dropped = d.fraction.slice(scale);
  if (dropped && !round2) return null;
  let magnitude = BigInt(d.integer + kept);
  if (dropped && dropped[0] >= "5") magnitude += 1n;
  const result = Number(d.negative ? -magnitude : magnitude);
  return Number.isSafeInteger(result) ? result : null;
}
var MoneyError = class extends Error {
};
function toMinorUnits(amount3, decimals) {
  const d = parseDecimal(amount3);
  if (!d) throw new MoneyError(`Not an amount: ${String(amount3)}`);
  const minor = scaled(d, decimals, false);
  if (minor === null) throw new MoneyError(`Too many decimals: ${String(amount3)}`);
  return minor;
}
function isExactAmount(amount3, decimals) {
  const d = parseDecimal(amount3);
  return !!d && scaled(d, decimals, false) !== null;
}
function roundToMinorUnits(amount3, decimals) {
  const d = parseDecimal(amount3);
  const minor = d && scaled(d, decimals, true);
  if (minor === null || minor === void 0) throw new MoneyError(`Not an amount: ${String(amount3)}`);
  return minor;
}
function toScaledInteger(value, scale) {
  return roundToMinorUnits(value, scale);
}
function formatMinorUnits(minor, decimals) {
  if (decimals === 0) return String(minor);
  const sign = minor < 0 ? "-" : "";
  const digits = String(Math.abs(minor)).padStart(decimals + 1, "0");
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
function toMajorUnits(minor, decimals) {
  return Number(formatMinorUnits(minor, decimals));
}
function formatMoney(minor, currency, locale = "en") {
  const decimals = currencyDecimals(currency);
  const options = { style: "currency", currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  return new Intl.NumberFormat(locale, options).format(formatMinorUnits(minor, decimals));
}
function allocate(total, weights) {
  if (weights.length === 0) throw new MoneyError("Nothing to allocate to");
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new MoneyError("Weights must be non-negative integers");
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n) return weights.map((_, i) => i === 0 ? total : 0);
  const magnitude = BigInt(Math.abs(total));
  const parts = weights.map((w) => magnitude * BigInt(w) / sum);
  const remainders = weights.map((w, i) => ({ i, r: magnitude * BigInt(w) % sum }));
  let left = magnitude - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1);
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts.map((p) => total < 0 ? -Number(p) : Number(p));
}
function shareOfUnits(total, count2, already, taken) {
  if (count2 <= 0) return 0;
  const upTo = (n) => Number(BigInt(total) * BigInt(n) / BigInt(count2));
  return upTo(already + taken) - upTo(already);
}

// src/shared/schemas/commissions.ts
var MAX_COMMISSION_LINES = 100;
var MAX_AMOUNT = 1e9;
var COMMISSION_MESSAGES = {
  required: MSG.required,
  notANumber: "Must be a number",
  greaterThan: (min) => `should be greater than ${min}`,
  lessThan: (max) => `should be less than ${max}`,
  gap: (from, to) => `There should not be a gap between ${from} and ${to}`,
  overlap: (from, to) => `There should not be an overlap between ${from} and ${to}`,
  noUnconditionedLine: "At least one commission line must have no condition",
  tooManyLines: `There should be at most ${MAX_COMMISSION_LINES} commission lines`
};
var dollars = (minor) => `$${toMajorUnits(minor, 2)}`;
var amount = () => z28.number({ error: (issue) => issue.input === void 0 || issue.input === null || issue.input === "" ? MSG.required : COMMISSION_MESSAGES.notANumber });
var CommissionConstraintSchema = z28.object({
  key: requiredText(100),
  value: requiredText(200)
});
var CommissionLineSchema = z28.object({
  min: amount().min(0, COMMISSION_MESSAGES.greaterThan(0)).max(MAX_AMOUNT, COMMISSION_MESSAGES.lessThan(MAX_AMOUNT)),
  /** Empty (null or absent) = open-ended. */
  max: amount().max(MAX_AMOUNT, COMMISSION_MESSAGES.lessThan(MAX_AMOUNT)).nullable().optional(),
  flat: amount().min(0, COMMISSION_MESSAGES.greaterThan(0)).max(MAX_AMOUNT, COMMISSION_MESSAGES.lessThan(MAX_AMOUNT)),
  percentage: amount().min(0, COMMISSION_MESSAGES.greaterThan(0)).max(100, COMMISSION_MESSAGES.lessThan(100)),
  constraint: CommissionConstraintSchema.nullable().optional()
}).superRefine((line, ctx2) => {
  if (line.max != null && line.min >= 0 && line.max < line.min) {
    ctx2.addIssue({ code: "custom", path: ["max"], message: COMMISSION_MESSAGES.greaterThan(line.min) });
  }
});
function checkCoverage(lines, addIssue) {
  const open = lines.map((line, index13) => ({ index: index13, min: roundToMinorUnits(line.min, 2), max: line.max == null ? null : roundToMinorUnits(line.max, 2) })).filter((_, i) => !lines[i].constraint).sort((a, b) => a.min - b.min || (a.max ?? Infinity) - (b.max ?? Infinity));
  if (open.length === 0) {
    addIssue([], COMMISSION_MESSAGES.noUnconditionedLine);
    return;
  }
  let coveredTo = 0;
  let lastIndex = open[0].index;
  for (const line of open) {
    if (line.min > coveredTo) {
      addIssue([line.index, "min"], COMMISSION_MESSAGES.gap(dollars(coveredTo), dollars(line.min)));
    } else if (line.min < coveredTo) {
      const end = Math.min(coveredTo, line.max ?? Infinity);
      addIssue([line.index, "min"], COMMISSION_MESSAGES.overlap(dollars(line.min), end === Infinity ? "above" : dollars(end)));
    }
    if ((line.max ?? Infinity) >= coveredTo) lastIndex = line.index;
    coveredTo = Math.max(coveredTo, line.max ?? Infinity);
  }
  if (coveredTo !== Infinity) addIssue([lastIndex, "max"], COMMISSION_MESSAGES.gap(dollars(coveredTo), "above"));
}
var CommissionLineListSchema = z28.array(CommissionLineSchema, { error: COMMISSION_MESSAGES.required }).max(MAX_COMMISSION_LINES, COMMISSION_MESSAGES.tooManyLines);
var coverage = (allowEmpty) => (payload) => {
  if (payload.issues.length > 0) return;
  const lines = payload.value;
  if (!lines || allowEmpty && lines.length === 0) return;
  checkCoverage(lines, (path7, message) => payload.issues.push({ code: "custom", input: payload.value, path: path7, message }));
};
var CommissionLinesSchema = CommissionLineListSchema.check(coverage(false));
var VendorCommissionLinesSchema = CommissionLineListSchema.nullable().optional().check(coverage(true));
var MarketplaceCommissionsSchema = z28.object({ commissions: CommissionLinesSchema });
var VendorCommissionsSchema = z28.object({
  vendor: requiredText(200),
  commissions: VendorCommissionLinesSchema
});
var MarketplaceVendorSettingsSchema = z28.object({
  vendor: requiredText(200),
  autoApprove: z28.boolean().optional(),
  isManagedByMarketplace: z28.boolean().optional(),
  commissions: VendorCommissionLinesSchema
});
var CommissionSourceSchema = z28.enum(["vendor", "marketplace", "default"]);
var CommissionLineAnswerSchema = z28.object({
  min: z28.number(),
  max: z28.number().nullable(),
  flat: z28.number(),
  percentage: z28.number(),
  constraint: CommissionConstraintSchema.nullable()
});
var CommissionsAnswerSchema = z28.object({
  commissions: z28.array(CommissionLineAnswerSchema),
  source: CommissionSourceSchema
});
var VendorCommissionsAnswerSchema = CommissionsAnswerSchema.extend({ vendor: z28.string() });
var MarketplaceVendorSettingsAnswerSchema = VendorCommissionsAnswerSchema.extend({
  /** null: the marketplace's default (settings autoApprove.enabledDefault) applies. */
  autoApprove: z28.boolean().nullable(),
  isManagedByMarketplace: z28.boolean()
});
var CommissionPreviewQuerySchema = z28.object({
  amount: z28.coerce.number({ error: COMMISSION_MESSAGES.notANumber }).min(0, COMMISSION_MESSAGES.greaterThan(0)).max(MAX_AMOUNT, COMMISSION_MESSAGES.lessThan(MAX_AMOUNT)),
  /** An admin previews this vendor's lines; ignored for a vendor (always its own). */
  vendor: z28.string().trim().max(200).optional(),
  /** Preview for an item with this attribute (e.g. key=productType&value=Shoes), for constrained lines. */
  key: z28.string().trim().max(100).optional(),
  value: z28.string().trim().max(200).optional()
});
var CommissionPreviewAnswerSchema = z28.object({
  amount: z28.number(),
  commission: z28.number(),
  vendorShare: z28.number(),
  line: CommissionLineAnswerSchema.nullable(),
  source: CommissionSourceSchema
});
var toCommissionLineAnswer = (line) => ({
  min: line.min,
  max: line.max ?? null,
  flat: line.flat,
  percentage: line.percentage,
  constraint: line.constraint ?? null
});

// src/server/modules/commissions/get-commission-lines.ts
import { z as z29 } from "zod";

// src/server/modules/commissions/scoped-settings.ts
import { and as and27, eq as eq37, sql as sql20 } from "drizzle-orm";
async function readScopedSettings(db, storeId, vendorId) {
  if (vendorId === null) {
    const [row2] = await db.select({ settings: stores.settings }).from(stores).where(eq37(stores.id, storeId));
    return row2?.settings ?? {};
  }
  const [row] = await db.select({ settings: vendorSettings.settings }).from(vendorSettings).where(and27(eq37(vendorSettings.vendorId, vendorId), eq37(vendorSettings.storeId, storeId)));
  return row?.settings ?? {};
}
async function patchScopedSettings(db, scope, set, remove = []) {
  const patch = JSON.stringify(set);
  const without = (column) => remove.reduce((acc, key) => sql20`(${acc} - ${key}::text)`, sql20`${column}`);
  if (scope.vendorId === null) {
    await db.update(stores).set({ settings: sql20`${without(stores.settings)} || ${patch}::jsonb` }).where(eq37(stores.id, scope.storeId));
    return;
  }
  await db.insert(vendorSettings).values({ vendorId: scope.vendorId, storeId: scope.storeId, settings: set }).onConflictDoUpdate({
    target: vendorSettings.vendorId,
    set: { settings: sql20`${without(sql20`${vendorSettings.settings}`)} || ${patch}::jsonb`, updatedAt: sql20`now()` },
    setWhere: eq37(vendorSettings.storeId, scope.storeId)
  });
}

// src/server/modules/commissions/get-commission-lines.ts
var COMMISSIONS_KEY = "commissions";
var DEFAULT_COMMISSION_PERCENTAGE = 10;
var DefaultPercentageSchema = z29.object({ defaultCommissions: z29.object({ percentage: z29.number().min(0).max(100) }) });
function storedLines(settings) {
  const parsed = CommissionLinesSchema.safeParse(settings[COMMISSIONS_KEY]);
  return parsed.success ? parsed.data.map(toCommissionLineAnswer) : null;
}
function defaultCommissionLines(marketplaceSettings) {
  const parsed = DefaultPercentageSchema.safeParse(marketplaceSettings);
  const percentage = parsed.success ? parsed.data.defaultCommissions.percentage : DEFAULT_COMMISSION_PERCENTAGE;
  return [{ min: 0, max: null, flat: 0, percentage, constraint: null }];
}
async function resolveCommissionLines(db, storeId, vendorId) {
  if (vendorId !== null) {
    const own = storedLines(await readScopedSettings(db, storeId, vendorId));
    if (own) return { lines: own, source: "vendor" };
  }
  const marketplace = await readScopedSettings(db, storeId, null);
  const lines = storedLines(marketplace);
  return lines ? { lines, source: "marketplace" } : { lines: defaultCommissionLines(marketplace), source: "default" };
}

// src/shared/commission.ts
var PERCENT_DECIMALS = 4;
var PERCENT_SCALE = 10n ** BigInt(PERCENT_DECIMALS);
var HUNDRED_PERCENT = 100n * PERCENT_SCALE;
var norm = (s) => s.trim().toLowerCase();
function matchesConstraint(constraint, attributes) {
  const actual = attributes[constraint.key];
  if (actual == null) return false;
  const values = typeof actual === "string" ? [actual] : actual;
  return values.some((v2) => norm(v2) === constraint.value);
}
function createCommissionCalculator(lines, options = {}) {
  const decimals = options.currencyDecimals ?? 2;
  const compiled = lines.map((line) => ({
    line,
    min: roundToMinorUnits(line.min, decimals),
    max: line.max == null ? null : roundToMinorUnits(line.max, decimals),
    flat: roundToMinorUnits(line.flat, decimals),
    rate: BigInt(toScaledInteger(line.percentage, PERCENT_DECIMALS)),
    constraint: line.constraint ? { key: line.constraint.key, value: norm(line.constraint.value) } : null
  }));
  const constrained = compiled.filter((c) => c.constraint);
  const open = compiled.filter((c) => !c.constraint);
  const inRange = (c, amount3) => amount3 >= c.min && (c.max === null || amount3 < c.max);
  return (amount3, attributes = {}) => {
    if (!Number.isSafeInteger(amount3) || amount3 < 0) throw new RangeError(`amount must be a non-negative integer of minor units, got ${amount3}`);
    const hit = constrained.find((c) => inRange(c, amount3) && matchesConstraint(c.constraint, attributes)) ?? open.find((c) => inRange(c, amount3));
    if (!hit) return { commission: 0, vendorShare: amount3, line: null };
    const product = BigInt(amount3) * hit.rate;
    let percentPart = product / HUNDRED_PERCENT;
    if (product % HUNDRED_PERCENT * 2n >= HUNDRED_PERCENT) percentPart += 1n;
    const commission = Math.min(amount3, hit.flat + Number(percentPart));
    return { commission, vendorShare: amount3 - commission, line: hit.line };
  };
}
function computeCommission(amount3, lines, attributes = {}, options = {}) {
  return createCommissionCalculator(lines, options)(amount3, attributes);
}

// src/server/modules/commissions/preview-commission.ts
async function previewCommission(db, scope, input) {
  const { lines, source } = await resolveCommissionLines(db, scope.storeId, scope.vendorId);
  const amount3 = roundToMinorUnits(input.amount, 2);
  const attributes = input.key && input.value ? { [input.key]: input.value } : {};
  const result = computeCommission(amount3, lines, attributes);
  return {
    amount: toMajorUnits(amount3, 2),
    commission: toMajorUnits(result.commission, 2),
    vendorShare: toMajorUnits(result.vendorShare, 2),
    line: result.line,
    source
  };
}

// src/server/modules/commissions/vendor-scope.ts
import { and as and28, eq as eq38 } from "drizzle-orm";
async function getVendorByName2(db, storeId, name) {
  const [vendor2] = await db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(and28(eq38(vendors.storeId, storeId), eq38(vendors.name, name)));
  if (!vendor2) throw notFound(VENDOR_MESSAGES.unknownVendor);
  return vendor2;
}
async function resolveVendorScope(db, auth, requestedVendor) {
  if (!auth.isAdmin) return { storeId: auth.storeId, vendorId: auth.vendorId };
  if (requestedVendor) return { storeId: auth.storeId, vendorId: (await getVendorByName2(db, auth.storeId, requestedVendor)).id };
  return { storeId: auth.storeId, vendorId: auth.vendorId };
}

// src/server/modules/commissions/save-commission-lines.ts
async function saveMarketplaceCommissions(db, storeId, lines) {
  await patchScopedSettings(db, { storeId, vendorId: null }, { [COMMISSIONS_KEY]: lines.map(toCommissionLineAnswer) });
  return resolveCommissionLines(db, storeId, null);
}
var commissionsPatch = (lines) => lines && lines.length > 0 ? { set: { [COMMISSIONS_KEY]: lines.map(toCommissionLineAnswer) }, remove: [] } : { set: {}, remove: [COMMISSIONS_KEY] };
async function saveVendorCommissions(db, storeId, vendorName, lines) {
  const vendor2 = await getVendorByName2(db, storeId, vendorName);
  const { set, remove } = commissionsPatch(lines);
  await patchScopedSettings(db, { storeId, vendorId: vendor2.id }, set, remove);
  const { lines: commissions, source } = await resolveCommissionLines(db, storeId, vendor2.id);
  return { vendor: vendor2.name, commissions, source };
}
async function saveMarketplaceVendorSettings(db, storeId, input) {
  const vendor2 = await getVendorByName2(db, storeId, input.vendor);
  const scope = { storeId, vendorId: vendor2.id };
  const patch = input.commissions === void 0 ? { set: {}, remove: [] } : commissionsPatch(input.commissions);
  const set = { ...patch.set };
  if (input.autoApprove !== void 0) set.autoApprove = input.autoApprove;
  if (input.isManagedByMarketplace !== void 0) set.isManagedByMarketplace = input.isManagedByMarketplace;
  await patchScopedSettings(db, scope, set, patch.remove);
  const { autoApprove, isManagedByMarketplace } = resolveVendorSettings(await readScopedSettings(db, storeId, vendor2.id));
  const { lines: commissions, source } = await resolveCommissionLines(db, storeId, vendor2.id);
  return { vendor: vendor2.name, autoApprove, isManagedByMarketplace, commissions, source };
}

// src/server/modules/commissions/routes.ts
var tags7 = ["commissions"];
function registerCommissionRoutes(app2, ctx2) {
  app2.patch(
    "/api/app/info/commission-v2",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags7,
        summary: "Set the marketplace commission lines (amounts in major units); answers the saved lines",
        body: MarketplaceCommissionsSchema,
        response: { 200: CommissionsAnswerSchema }
      }
    },
    async (request) => {
      const { lines, source } = await saveMarketplaceCommissions(ctx2.db, requireAuth(request).storeId, request.body.commissions);
      return { commissions: lines, source };
    }
  );
  app2.put(
    "/api/settings/commission",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags7,
        summary: "Set a vendor's own commission lines; null or [] goes back to the marketplace lines",
        body: VendorCommissionsSchema,
        response: { 200: VendorCommissionsAnswerSchema }
      }
    },
    async (request) => saveVendorCommissions(ctx2.db, requireAuth(request).storeId, request.body.vendor, request.body.commissions)
  );
  app2.put(
    "/api/settings/marketplace-settings",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags7,
        summary: "Set what the marketplace manages for a vendor: autoApprove, isManagedByMarketplace, commission lines (absent = unchanged)",
        body: MarketplaceVendorSettingsSchema,
        response: { 200: MarketplaceVendorSettingsAnswerSchema }
      }
    },
    async (request) => saveMarketplaceVendorSettings(ctx2.db, requireAuth(request).storeId, request.body)
  );
  app2.get(
    "/api/commissions",
    {
      config: { policy: "user" },
      schema: {
        tags: tags7,
        summary: "The commission lines that apply: a vendor's own; an admin's marketplace lines, or a vendor's with ?vendor=",
        querystring: z30.object({ vendor: z30.string().trim().max(200).optional() }),
        response: { 200: CommissionsAnswerSchema }
      }
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx2.db, requireAuth(request), request.query.vendor);
      const { lines, source } = await resolveCommissionLines(ctx2.db, scope.storeId, scope.vendorId);
      return { commissions: lines, source };
    }
  );
  app2.get(
    "/api/commissions/preview",
    {
      config: { policy: "user" },
      schema: {
        tags: tags7,
        summary: "Preview the commission and vendor share of an amount (major units) under the lines that apply",
        querystring: CommissionPreviewQuerySchema,
        response: { 200: CommissionPreviewAnswerSchema }
      }
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx2.db, requireAuth(request), request.query.vendor);
      return previewCommission(ctx2.db, scope, request.query);
    }
  );
}

// src/server/modules/delivery/routes.ts
import { z as z31 } from "zod";

// src/server/modules/delivery/delivery-settings.ts
var DELIVERY_KEY = "delivery";
async function readDeliverySettings(db, storeId, vendorId) {
  const stored = (await readScopedSettings(db, storeId, vendorId))[DELIVERY_KEY];
  const parsed = DeliverySettingsSchema.safeParse({ ...DEFAULT_DELIVERY_SETTINGS, ...stored && typeof stored === "object" ? stored : {} });
  return parsed.success ? parsed.data : DEFAULT_DELIVERY_SETTINGS;
}
async function saveDeliverySettings(db, scope, settings) {
  await patchScopedSettings(db, scope, { [DELIVERY_KEY]: settings });
  return readDeliverySettings(db, scope.storeId, scope.vendorId);
}

// src/server/modules/delivery/delivery-zones.ts
import { and as and29, asc as asc5, count, eq as eq39, isNull as isNull12, sql as sql21 } from "drizzle-orm";
var inScope2 = (scope) => and29(
  eq39(deliveryZones.storeId, scope.storeId),
  scope.vendorId === null ? isNull12(deliveryZones.vendorId) : eq39(deliveryZones.vendorId, scope.vendorId)
);
function toAnswer2(row) {
  const zone = row.zone;
  return {
    id: row.id,
    zoneName: zone.zoneName ?? "",
    rates: (zone.rates ?? []).map((r) => ({
      name: r.name,
      description: r.description ?? "",
      price: r.price,
      field: r.field ?? null,
      min: r.min ?? null,
      max: r.max ?? null
    })),
    countries: (zone.countries ?? []).map((c) => ({ code: c.code, provinces: c.provinces ?? [] }))
  };
}
async function listDeliveryZones(db, scope) {
  const rows = await db.select({ id: deliveryZones.id, zone: deliveryZones.zone }).from(deliveryZones).where(inScope2(scope)).orderBy(asc5(deliveryZones.createdAt), asc5(deliveryZones.id)).limit(MAX_ZONES);
  return rows.map(toAnswer2);
}
async function saveDeliveryZone(db, scope, input) {
  const { id, ...zone } = input;
  if (id) {
    const [row2] = await db.update(deliveryZones).set({ zone, updatedAt: sql21`now()` }).where(and29(eq39(deliveryZones.id, id), inScope2(scope))).returning({ id: deliveryZones.id, zone: deliveryZones.zone });
    if (!row2) throw notFound(DELIVERY_MESSAGES.zoneNotFound);
    return { zone: toAnswer2(row2), created: false };
  }
  const [{ zones }] = await db.select({ zones: count() }).from(deliveryZones).where(inScope2(scope));
  if (zones >= MAX_ZONES) throw badRequest(DELIVERY_MESSAGES.tooManyZones);
  const [row] = await db.insert(deliveryZones).values({ storeId: scope.storeId, vendorId: scope.vendorId, zone }).returning({ id: deliveryZones.id, zone: deliveryZones.zone });
  return { zone: toAnswer2(row), created: true };
}
async function deleteDeliveryZone(db, scope, id) {
  const deleted = await db.delete(deliveryZones).where(and29(eq39(deliveryZones.id, id), inScope2(scope))).returning({ id: deliveryZones.id });
  if (deleted.length === 0) throw notFound(DELIVERY_MESSAGES.zoneNotFound);
}

// src/server/modules/delivery/routes.ts
var tags8 = ["delivery"];
var scopeNote = "a vendor's own; an admin's marketplace (or switched-to vendor) unless ?vendor= names a vendor";
function registerDeliveryRoutes(app2, ctx2) {
  app2.get(
    "/api/settings/delivery/zones",
    {
      config: { policy: "user" },
      schema: {
        tags: tags8,
        summary: `Delivery zones (${scopeNote}) and the markets offered in the zone editor`,
        querystring: DeliveryScopeQuerySchema,
        response: { 200: ZonesAnswerSchema }
      }
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx2.db, requireAuth(request), request.query.vendor);
      return { zones: await listDeliveryZones(ctx2.db, scope), markets: [...MARKETS] };
    }
  );
  app2.post(
    "/api/settings/delivery/zone",
    {
      config: { policy: "user" },
      schema: {
        tags: tags8,
        summary: `Create a delivery zone, or update one with zone.id (${scopeNote}); another scope's zone is a 404`,
        querystring: DeliveryScopeQuerySchema,
        body: SaveZoneSchema,
        response: { 200: z31.object({ zone: ZoneAnswerSchema }), 201: z31.object({ zone: ZoneAnswerSchema }) }
      }
    },
    async (request, reply) => {
      const scope = await resolveVendorScope(ctx2.db, requireAuth(request), request.query.vendor);
      const { zone, created } = await saveDeliveryZone(ctx2.db, scope, request.body.zone);
      return reply.status(created ? 201 : 200).send({ zone });
    }
  );
  app2.delete(
    "/api/settings/delivery/zone/:id",
    {
      config: { policy: "user" },
      schema: {
        tags: tags8,
        summary: `Delete a delivery zone (${scopeNote}); another scope's zone is a 404`,
        params: z31.object({ id: z31.uuid({ error: DELIVERY_MESSAGES.zoneNotFound }) }),
        querystring: DeliveryScopeQuerySchema,
        response: { 200: z31.object({ ok: z31.literal(true) }) }
      }
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx2.db, requireAuth(request), request.query.vendor);
      await deleteDeliveryZone(ctx2.db, scope, request.params.id);
      return { ok: true };
    }
  );
  app2.get(
    "/api/settings/delivery",
    {
      config: { policy: "user" },
      schema: { tags: tags8, summary: `Delivery settings (${scopeNote})`, querystring: DeliveryScopeQuerySchema, response: { 200: z31.object({ delivery: DeliverySettingsAnswerSchema }) } }
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx2.db, requireAuth(request), request.query.vendor);
      return { delivery: await readDeliverySettings(ctx2.db, scope.storeId, scope.vendorId) };
    }
  );
  app2.put(
    "/api/settings/delivery",
    {
      config: { policy: "user" },
      schema: {
        tags: tags8,
        summary: `Delivery settings (${scopeNote}): enabled (true, false, override), rateNames (1 to 5 with override), shippo, live/flat rates, local pickup, default shipping`,
        querystring: DeliveryScopeQuerySchema,
        body: DeliverySettingsSchema,
        response: { 200: z31.object({ delivery: DeliverySettingsAnswerSchema }) }
      }
    },
    async (request) => {
      const scope = await resolveVendorScope(ctx2.db, requireAuth(request), request.query.vendor);
      return { delivery: await saveDeliverySettings(ctx2.db, scope, request.body) };
    }
  );
}

// src/server/modules/products/routes.ts
import { z as z35 } from "zod";

// src/shared/schemas/products.ts
import { z as z33 } from "zod";

// src/shared/schemas/media.ts
import { z as z32 } from "zod";
var MEDIA_CONTENT_TYPES = ["IMAGE", "VIDEO", "EXTERNAL_VIDEO"];
var MediaItemSchema = z32.object({
  src: z32.string().min(1),
  contentType: z32.enum(MEDIA_CONTENT_TYPES)
});

// src/shared/schemas/products.ts
var PRODUCT_STATUSES = ["DRAFT", "ACTIVE", "ARCHIVED"];
var MAX_OPTIONS = 3;
var MAX_VARIANTS = 2048;
var PRODUCT_MESSAGES = {
  required: MSG.requiredShort,
  metafieldsRequired: "Some metafields are required",
  invalidPrice: "Must be a price like 19.99",
  notNegative: "Must be 0 or more",
  wholeNumber: "Must be a whole number",
  invalidNumber: "Must be a number",
  tooManyOptions: `A product has at most ${MAX_OPTIONS} options`,
  sameOptionName: "Each option needs a different name",
  optionValuesRequired: "Add at least one value",
  sameOptionValue: "Each value of an option must be different",
  unknownOptionValue: "Must be one of the values of the option",
  sameVariant: "Each variant needs a different combination of option values",
  variantsRequired: "Add at least one variant with a price and a stock",
  invalidUrl: MSG.invalidUrl,
  unknownVendor: "Unknown vendor",
  vendorRequired: "Choose the vendor of the product",
  tooManyDecimals: (decimals) => decimals === 0 ? "Must be a whole amount" : `Must have at most ${decimals} decimals`,
  titleTooShort: (min) => `Title must be at least ${min} characters`,
  titleTooLong: (max) => `Title must be at most ${max} characters`,
  descriptionTooShort: (min) => `Description must be at least ${min} characters`,
  descriptionTooLong: (max) => `Description must be at most ${max} characters`,
  tooFewImages: (min) => `Add at least ${min} ${min === 1 ? "image" : "images"}`,
  tooManyImages: (max) => `Add at most ${max} ${max === 1 ? "image" : "images"}`
};
function readDecimal(value) {
  if (value === void 0 || value === null || typeof value === "string" && value.trim() === "") return { kind: "missing" };
  if (typeof value !== "number" && typeof value !== "string") return { kind: "invalid" };
  const read = parseDecimal(value);
  if (!read || read.integer.length > 12 || read.fraction.length > 6) return { kind: "invalid" };
  if (read.negative) return { kind: "negative" };
  return { kind: "ok", text: read.fraction ? `${read.integer}.${read.fraction}` : read.integer, decimals: read.fraction.length };
}
function readCount(value) {
  if (value === void 0 || value === null || typeof value === "string" && value.trim() === "") return { kind: "missing" };
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || Math.abs(n) > 1e9) return { kind: "invalid" };
  return n < 0 ? { kind: "negative" } : { kind: "ok", value: n };
}
function readMeasure(value) {
  const read = readDecimal(value);
  if (read.kind !== "ok") return read;
  const n = Number(read.text);
  return n > 1e6 ? { kind: "invalid" } : { kind: "ok", value: n };
}
function descriptionText(html) {
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").replace(/&(amp|lt|gt|quot|#39);/g, "x").trim();
}
function slugify(text16) {
  const slug = text16.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 200).replace(/-+$/, "");
  return slug || "product";
}
function isMediaSrc(src) {
  if (src.startsWith("/") && !src.startsWith("//")) return true;
  if (src.startsWith("gid://")) return true;
  try {
    const url3 = new URL(src);
    return url3.protocol === "https:" || url3.protocol === "http:";
  } catch {
    return false;
  }
}
var isEmptyValue2 = (value) => value === void 0 || value === null || typeof value === "string" && value.trim() === "" || Array.isArray(value) && value.every((v2) => v2 === null || v2 === void 0 || String(v2).trim() === "");
var amount2 = z33.union([z33.string().max(40), z33.number()]).nullish();
var text14 = (max) => z33.string().max(max, `Must be at most ${max} characters`);
var MediaInputSchema = z33.object({
  id: z33.string().max(100).optional(),
  src: z33.string({ error: PRODUCT_MESSAGES.required }).trim().max(2e3),
  alt: text14(512).default(""),
  contentType: z33.enum(MEDIA_CONTENT_TYPES).default("IMAGE")
});
var metafieldValue = z33.union([z33.string().max(65536), z33.number(), z33.boolean(), z33.array(z33.string().max(65536)).max(500)]).nullish();
var MetafieldInputSchema = z33.object({
  key: z33.string({ error: PRODUCT_MESSAGES.required }).trim().max(64),
  namespace: z33.string().trim().max(64).default("custom"),
  value: metafieldValue,
  type: z33.string().trim().max(64).default("")
});
var DimensionsInputSchema = z33.object({
  width: amount2,
  height: amount2,
  length: amount2,
  dimUnit: z33.enum(LENGTH_UNITS).optional()
});
var VariantInputSchema = z33.object({
  id: z33.string().max(100).optional(),
  price: amount2,
  compareAt: amount2,
  options: z33.array(z33.string().max(255)).max(MAX_OPTIONS).default([]),
  sku: text14(255).trim().default(""),
  barcode: text14(255).trim().default(""),
  taxable: z33.boolean().default(true),
  trackStock: z33.boolean().default(false),
  stock: z33.union([z33.string().max(20), z33.number()]).nullish(),
  requiresShipping: z33.boolean().default(true),
  weight: amount2,
  weightUnit: z33.enum(WEIGHT_UNITS).optional(),
  dimensions: DimensionsInputSchema.nullish(),
  localPickup: z33.object({ enabled: z33.boolean().default(false) }).default({ enabled: false }),
  media: z33.array(MediaInputSchema).max(10).default([]),
  metafields: z33.array(MetafieldInputSchema).max(200).default([])
});
var OptionInputSchema = z33.object({
  name: text14(255).trim(),
  values: z33.array(text14(255).trim()).max(MAX_VARIANTS).default([])
});
var ProductShape = z33.object({
  /** Absent: a new product; present: the product to update (within the caller's scope). */
  id: z33.string().max(100).optional(),
  title: z33.string({ error: PRODUCT_MESSAGES.required }).trim().max(1e5, PRODUCT_MESSAGES.titleTooLong(1e5)),
  bodyHtml: z33.string().max(5e5).default(""),
  /** Optional URL handle (the CSV import's Handle column); generated from the title otherwise. */
  handle: z33.string().trim().max(255).optional(),
  /** Absent on an update: the status stays as it is; DRAFT for a new product. */
  status: z33.enum(PRODUCT_STATUSES).optional(),
  /** Only an admin in the marketplace view names the vendor; a vendor's products are its own. */
  vendor: z33.string().trim().max(200).optional(),
  seo: z33.object({ title: text14(255).trim().default(""), description: text14(1e3).trim().default("") }).default({ title: "", description: "" }),
  options: z33.array(OptionInputSchema).max(10).default([]),
  media: z33.array(MediaInputSchema).max(250).default([]),
  variants: z33.array(VariantInputSchema).max(MAX_VARIANTS).default([]),
  metafields: z33.array(MetafieldInputSchema).max(200).default([])
});
var isEmptyVariant = (v2) => readDecimal(v2.price).kind === "missing" && readCount(v2.stock).kind === "missing";
function staticIssues(p) {
  const issues = [];
  if (p.title.length < 3) issues.push({ path: ["title"], message: PRODUCT_MESSAGES.required });
  if (p.options.length > MAX_OPTIONS) issues.push({ path: ["options"], message: PRODUCT_MESSAGES.tooManyOptions });
  const names = /* @__PURE__ */ new Set();
  p.options.forEach((option, i) => {
    const name = option.name.toLowerCase();
    if (!name) issues.push({ path: ["options", i, "name"], message: PRODUCT_MESSAGES.required });
    else if (names.has(name)) issues.push({ path: ["options", i, "name"], message: PRODUCT_MESSAGES.sameOptionName });
    names.add(name);
    if (option.values.length === 0) issues.push({ path: ["options", i, "values"], message: PRODUCT_MESSAGES.optionValuesRequired });
    const seen = /* @__PURE__ */ new Set();
    option.values.forEach((value, j) => {
      if (!value) issues.push({ path: ["options", i, "values", j], message: PRODUCT_MESSAGES.required });
      else if (seen.has(value)) issues.push({ path: ["options", i, "values", j], message: PRODUCT_MESSAGES.sameOptionValue });
      seen.add(value);
    });
  });
  const combinations = /* @__PURE__ */ new Set();
  let kept = 0;
  p.variants.forEach((v2, i) => {
    if (isEmptyVariant(v2)) return;
    kept++;
    const at = (...rest) => ["variants", i, ...rest];
    const price2 = readDecimal(v2.price);
    if (price2.kind === "missing") issues.push({ path: at("price"), message: PRODUCT_MESSAGES.required });
    else if (price2.kind === "invalid") issues.push({ path: at("price"), message: PRODUCT_MESSAGES.invalidPrice });
    else if (price2.kind === "negative") issues.push({ path: at("price"), message: PRODUCT_MESSAGES.notNegative });
    const compareAt = readDecimal(v2.compareAt);
    if (compareAt.kind === "invalid") issues.push({ path: at("compareAt"), message: PRODUCT_MESSAGES.invalidPrice });
    else if (compareAt.kind === "negative") issues.push({ path: at("compareAt"), message: PRODUCT_MESSAGES.notNegative });
    const stock = readCount(v2.stock);
    if (stock.kind === "missing") issues.push({ path: at("stock"), message: PRODUCT_MESSAGES.required });
    else if (stock.kind === "invalid") issues.push({ path: at("stock"), message: PRODUCT_MESSAGES.wholeNumber });
    else if (stock.kind === "negative") issues.push({ path: at("stock"), message: PRODUCT_MESSAGES.notNegative });
    const weight = readMeasure(v2.weight);
    if (weight.kind === "invalid") issues.push({ path: at("weight"), message: PRODUCT_MESSAGES.invalidNumber });
    else if (weight.kind === "negative") issues.push({ path: at("weight"), message: PRODUCT_MESSAGES.notNegative });
    if (v2.dimensions) {
      for (const side of ["width", "height", "length"]) {
        const m = readMeasure(v2.dimensions[side]);
        if (m.kind === "invalid") issues.push({ path: at("dimensions", side), message: PRODUCT_MESSAGES.invalidNumber });
        else if (m.kind === "negative") issues.push({ path: at("dimensions", side), message: PRODUCT_MESSAGES.notNegative });
      }
    }
    v2.media.forEach((m, j) => {
      if (!isMediaSrc(m.src)) issues.push({ path: at("media", j, "src"), message: PRODUCT_MESSAGES.invalidUrl });
    });
    const values = p.options.slice(0, MAX_OPTIONS).map((option, j) => {
      const value = (v2.options[j] ?? "").trim();
      if (!value) issues.push({ path: at("options", j), message: PRODUCT_MESSAGES.required });
      else if (!option.values.includes(value)) issues.push({ path: at("options", j), message: PRODUCT_MESSAGES.unknownOptionValue });
      return value;
    });
    const combination = JSON.stringify(values);
    if (combinations.has(combination)) issues.push({ path: at("options"), message: PRODUCT_MESSAGES.sameVariant });
    combinations.add(combination);
  });
  if (kept === 0) issues.push({ path: ["variants"], message: PRODUCT_MESSAGES.variantsRequired });
  p.media.forEach((m, i) => {
    if (!m.src) issues.push({ path: ["media", i, "src"], message: PRODUCT_MESSAGES.required });
    else if (!isMediaSrc(m.src)) issues.push({ path: ["media", i, "src"], message: PRODUCT_MESSAGES.invalidUrl });
  });
  p.metafields.forEach((m, i) => {
    if (!m.key && !isEmptyValue2(m.value)) issues.push({ path: ["metafields", i, "key"], message: PRODUCT_MESSAGES.required });
  });
  return issues;
}
function keptMetafields(list) {
  const byKey = /* @__PURE__ */ new Map();
  for (const m of list) if (m.key && !isEmptyValue2(m.value)) byKey.set(`${m.namespace}.${m.key}`, m);
  return [...byKey.values()];
}
function normalise(p) {
  const optionCount = Math.min(p.options.length, MAX_OPTIONS);
  return {
    ...p.id ? { id: p.id } : {},
    title: p.title,
    bodyHtml: p.bodyHtml,
    ...p.handle ? { handle: p.handle } : {},
    ...p.status ? { status: p.status } : {},
    ...p.vendor ? { vendor: p.vendor } : {},
    seo: p.seo,
    options: p.options.slice(0, MAX_OPTIONS),
    media: p.media,
    variants: p.variants.filter((v2) => !isEmptyVariant(v2)).map((v2) => {
      const price2 = readDecimal(v2.price);
      const compareAt = readDecimal(v2.compareAt);
      const stock = readCount(v2.stock);
      const weight = readMeasure(v2.weight);
      const sides = v2.dimensions ? ["width", "height", "length"].map((side) => readMeasure(v2.dimensions?.[side])) : [];
      const dimensions = v2.dimensions && sides.every((s) => s.kind === "ok") ? {
        width: sides[0].value,
        height: sides[1].value,
        length: sides[2].value,
        ...v2.dimensions.dimUnit ? { dimUnit: v2.dimensions.dimUnit } : {}
      } : null;
      return {
        ...v2.id ? { id: v2.id } : {},
        price: price2.kind === "ok" ? price2.text : "0",
        compareAt: compareAt.kind === "ok" ? compareAt.text : null,
        options: v2.options.slice(0, optionCount).map((o) => o.trim()),
        sku: v2.sku,
        barcode: v2.barcode,
        taxable: v2.taxable,
        trackStock: v2.trackStock,
        stock: stock.kind === "ok" ? stock.value : 0,
        requiresShipping: v2.requiresShipping,
        weight: weight.kind === "ok" ? weight.value : 0,
        ...v2.weightUnit ? { weightUnit: v2.weightUnit } : {},
        dimensions,
        localPickup: v2.localPickup,
        media: v2.media,
        metafields: keptMetafields(v2.metafields)
      };
    }),
    metafields: keptMetafields(p.metafields)
  };
}
var ProductInputSchema = ProductShape.superRefine((p, ctx2) => {
  for (const issue of staticIssues(p)) ctx2.addIssue({ code: "custom", ...issue });
}).transform(normalise);
function contextIssues(p, context2) {
  const issues = [];
  const limit = context2.inputLimit;
  if (limit) {
    if (p.title.length >= 3 && p.title.length < limit.title.min) issues.push({ path: ["title"], message: PRODUCT_MESSAGES.titleTooShort(limit.title.min) });
    if (p.title.length > limit.title.max) issues.push({ path: ["title"], message: PRODUCT_MESSAGES.titleTooLong(limit.title.max) });
    const description = descriptionText(p.bodyHtml).length;
    if (description < limit.description.min) issues.push({ path: ["bodyHtml"], message: PRODUCT_MESSAGES.descriptionTooShort(limit.description.min) });
    if (description > limit.description.max) issues.push({ path: ["bodyHtml"], message: PRODUCT_MESSAGES.descriptionTooLong(limit.description.max) });
    if (p.media.length < limit.images.min) issues.push({ path: ["media"], message: PRODUCT_MESSAGES.tooFewImages(limit.images.min) });
    if (p.media.length > limit.images.max) issues.push({ path: ["media"], message: PRODUCT_MESSAGES.tooManyImages(limit.images.max) });
  }
  if (context2.currency) {
    const decimals = currencyDecimals(context2.currency);
    p.variants.forEach((v2, i) => {
      if (isEmptyVariant(v2)) return;
      for (const field2 of ["price", "compareAt"]) {
        const read = readDecimal(v2[field2]);
        if (read.kind === "ok" && read.decimals > decimals) issues.push({ path: ["variants", i, field2], message: PRODUCT_MESSAGES.tooManyDecimals(decimals) });
      }
    });
  }
  const values = {};
  for (const m of p.metafields) if (m.key && !isEmptyValue2(m.value)) values[m.key] = m.value;
  for (const definition of context2.definitions ?? []) {
    const { properties } = parseDescription(definition.description);
    if (!(definition.required || properties.required)) continue;
    if (!isFieldShown(properties, values)) continue;
    if (values[definition.key] !== void 0) continue;
    issues.push({ path: ["metafields"], message: PRODUCT_MESSAGES.metafieldsRequired });
    issues.push({ path: ["metafields", definition.key], message: PRODUCT_MESSAGES.required });
    break;
  }
  return issues;
}
function buildProductSchema(context2) {
  return ProductShape.superRefine((p, ctx2) => {
    for (const issue of [...staticIssues(p), ...contextIssues(p, context2)]) ctx2.addIssue({ code: "custom", ...issue });
  }).transform(normalise);
}
var readOnlyDetail = {
  vendorId: z33.string().optional(),
  approved: z33.boolean().optional(),
  approvedAt: z33.string().nullable().optional(),
  approvalNote: z33.string().nullable().optional(),
  currency: z33.string().optional(),
  totalStock: z33.number().optional(),
  inStock: z33.boolean().optional(),
  translations: z33.array(z33.record(z33.string(), z33.unknown())).optional(),
  createdAt: z33.string().optional(),
  updatedAt: z33.string().optional()
};
var PutProductBodySchema = z33.object({
  product: ProductShape.extend({
    ...readOnlyDetail,
    variants: z33.array(VariantInputSchema.extend({ position: z33.number().optional() })).max(MAX_VARIANTS).default([])
  }).describe("The product (see ProductInputSchema); validated with the store rules. Read-only fields of the answer are ignored.")
});
var PRODUCT_SORTS = ["UPDATED_AT", "TITLE", "CREATED_AT"];
var PRODUCT_STATUS_FILTERS = ["DRAFT", "ACTIVE", "ARCHIVED", "ALL"];
var STOCK_FILTERS = ["any", "in-stock", "oos"];
var PRODUCT_PAGE_SIZE = 25;
var PRODUCT_PAGE_MAX = 100;
var queryBoolean = z33.union([z33.boolean(), z33.enum(["true", "false", "1", "0"]).transform((v2) => v2 === "true" || v2 === "1")]);
var ProductListQuerySchema = z33.object({
  after: z33.string().max(1e3).optional(),
  before: z33.string().max(1e3).optional(),
  q: z33.string().trim().max(200).optional(),
  stock: z33.enum(STOCK_FILTERS).default("any"),
  sort: z33.enum(PRODUCT_SORTS).default("UPDATED_AT"),
  /** true: descending; absent: newest first for the date sorts, A to Z for TITLE. */
  reverse: queryBoolean.optional(),
  status: z33.enum(PRODUCT_STATUS_FILTERS).default("DRAFT"),
  first: z33.coerce.number().int().min(1).max(PRODUCT_PAGE_MAX).default(PRODUCT_PAGE_SIZE),
  /** Admins only: one vendor by name (a vendor's list is always its own). */
  vendor: z33.string().trim().max(200).optional()
}).refine((q) => !(q.after && q.before), { message: "Use either after or before", path: ["before"] });
var ProductListItemSchema = z33.object({
  id: z33.string(),
  handle: z33.string(),
  title: z33.string(),
  status: z33.enum(PRODUCT_STATUSES),
  approved: z33.boolean(),
  vendor: z33.string(),
  image: z33.string().nullable(),
  /** Decimal strings in the store currency. */
  priceMin: z33.string(),
  priceMax: z33.string(),
  currency: z33.string(),
  totalStock: z33.number(),
  inStock: z33.boolean(),
  variantsCount: z33.number(),
  createdAt: z33.string(),
  updatedAt: z33.string()
});
var PageInfoSchema = z33.object({
  hasNextPage: z33.boolean(),
  hasPreviousPage: z33.boolean(),
  startCursor: z33.string().nullable(),
  endCursor: z33.string().nullable()
});
var ProductListAnswerSchema = z33.object({
  products: z33.array(ProductListItemSchema),
  /** Products matching the filters, counted up to PRODUCT_COUNT_CAP (SEARCH_COUNT_CAP with q). */
  count: z33.number(),
  /** true when there are more than `count` products (count stops at its cap). */
  countCapped: z33.boolean(),
  pageInfo: PageInfoSchema
});
var PRODUCT_COUNT_CAP = 1e4;
var SEARCH_COUNT_CAP = 1e3;
var StoredMediaSchema = z33.object({ id: z33.string(), src: z33.string(), alt: z33.string(), contentType: z33.enum(MEDIA_CONTENT_TYPES) });
var StoredMetafieldSchema2 = z33.object({ key: z33.string(), namespace: z33.string(), value: z33.unknown(), type: z33.string() });
var ProductVariantSchema = z33.object({
  id: z33.string(),
  price: z33.string(),
  compareAt: z33.string().nullable(),
  options: z33.array(z33.string()),
  sku: z33.string(),
  barcode: z33.string(),
  taxable: z33.boolean(),
  trackStock: z33.boolean(),
  stock: z33.number(),
  requiresShipping: z33.boolean(),
  weight: z33.number(),
  weightUnit: z33.string(),
  dimensions: z33.object({ width: z33.number(), height: z33.number(), length: z33.number(), dimUnit: z33.string() }).nullable(),
  localPickup: z33.object({ enabled: z33.boolean() }),
  media: z33.array(StoredMediaSchema),
  metafields: z33.array(StoredMetafieldSchema2),
  position: z33.number()
});
var TranslationStatusSchema = z33.object({
  locale: z33.string(),
  /** Texts of the product that can be translated (empty ones are not counted). */
  total: z33.number(),
  translated: z33.number(),
  /** Translated from a source text that has changed since. */
  outdated: z33.number()
});
var ProductDetailSchema = z33.object({
  id: z33.string(),
  handle: z33.string(),
  title: z33.string(),
  bodyHtml: z33.string(),
  status: z33.enum(PRODUCT_STATUSES),
  vendor: z33.string(),
  vendorId: z33.string(),
  approved: z33.boolean(),
  approvedAt: z33.string().nullable(),
  approvalNote: z33.string().nullable(),
  seo: z33.object({ title: z33.string(), description: z33.string() }),
  options: z33.array(z33.object({ name: z33.string(), values: z33.array(z33.string()) })),
  media: z33.array(StoredMediaSchema),
  metafields: z33.array(StoredMetafieldSchema2),
  variants: z33.array(ProductVariantSchema),
  currency: z33.string(),
  totalStock: z33.number(),
  inStock: z33.boolean(),
  translations: z33.array(TranslationStatusSchema),
  createdAt: z33.string(),
  updatedAt: z33.string()
});
var SaveProductAnswerSchema = z33.object({ productId: z33.string(), handle: z33.string() });
var PRODUCT_ACTIONS = ["approve", "unapprove", "delete"];
var ProductActionBodySchema = z33.object({ note: z33.string().trim().max(2e3).optional() }).default({});
var ProductActionAnswerSchema = z33.object({ productId: z33.string(), approved: z33.boolean(), deleted: z33.boolean() });
var TranslationsQuerySchema = z33.object({ locale: z33.string().trim().min(1, MSG.required).max(20) });
var TranslationSchema = z33.object({
  key: z33.string(),
  /** The current source text. */
  source: z33.string(),
  /** SHA-256 (hex) of the current source text: send it back as `digest` with a translation. */
  sourceDigest: z33.string(),
  value: z33.string().nullable(),
  /** The digest of the source the translation was made from. */
  digest: z33.string().nullable(),
  outdated: z33.boolean()
});
var TranslationsAnswerSchema = z33.object({ locale: z33.string(), translations: z33.array(TranslationSchema) });
var TranslationsPatchSchema = z33.object({
  translations: z33.array(
    z33.object({
      locale: z33.string().trim().min(1, MSG.required).max(20),
      resourceId: z33.string().max(100).optional(),
      key: z33.string().trim().min(1, MSG.required).max(100),
      /** Empty removes the translation. */
      value: z33.string().max(5e5),
      digest: z33.string().regex(/^[0-9a-f]{64}$/, "Must be the sourceDigest of the text").optional()
    })
  ).min(1, MSG.required).max(200)
});
var TranslationsSavedSchema = z33.object({
  translations: z33.array(z33.object({ locale: z33.string(), key: z33.string(), value: z33.string().nullable(), digest: z33.string().nullable(), outdated: z33.boolean() }))
});
var ProductLogSchema = z33.object({
  id: z33.string(),
  action: z33.string(),
  email: z33.string().nullable(),
  note: z33.string().nullable(),
  changes: z33.record(z33.string(), z33.object({ before: z33.unknown(), after: z33.unknown() })),
  createdAt: z33.string()
});
var ProductLogsAnswerSchema = z33.object({ logs: z33.array(ProductLogSchema) });
var CatalogQuerySchema = z33.object({ q: z33.string().trim().max(200).optional() });
var CatalogProductSchema = z33.object({
  id: z33.string(),
  handle: z33.string(),
  title: z33.string(),
  vendor: z33.string(),
  image: z33.string().nullable(),
  priceMin: z33.string(),
  priceMax: z33.string(),
  currency: z33.string(),
  inStock: z33.boolean()
});
var CatalogAnswerSchema = z33.object({ products: z33.array(CatalogProductSchema) });
var EXPORT_STATUSES = ["pending", "running", "done", "failed"];
var ExportStartedSchema = z33.object({ exportId: z33.string() });
var ExportStatusSchema = z33.object({
  exportId: z33.string(),
  status: z33.enum(EXPORT_STATUSES),
  /** 0 to 100. */
  progress: z33.number(),
  rows: z33.number(),
  total: z33.number().nullable(),
  /** The download, once done (signed-in, the requester only). */
  url: z33.string().optional(),
  error: z33.string().optional()
});
var PUBLIC_CATALOG_MAX = 50;
var listOf = (max) => z33.string().max(4e3).transform((v2) => [...new Set(v2.split(",").map((s) => s.trim()).filter(Boolean))]).refine((v2) => v2.length <= max, `At most ${max} at a time`);
var publicStore = z33.string().trim().max(100).optional();
var PublicCatalogQuerySchema = z33.object({
  store: publicStore,
  id: z33.string().trim().max(4e3).optional(),
  after: z33.string().max(1e3).optional(),
  first: z33.coerce.number().int().min(1).max(PUBLIC_CATALOG_MAX).default(PUBLIC_CATALOG_MAX)
});
var PublicVariantSchema = z33.object({
  id: z33.string(),
  title: z33.string(),
  options: z33.array(z33.string()),
  price: z33.string(),
  compareAt: z33.string().nullable(),
  available: z33.boolean()
});
var PublicProductSchema = z33.object({
  id: z33.string(),
  handle: z33.string(),
  title: z33.string(),
  bodyHtml: z33.string(),
  vendor: z33.string(),
  image: z33.string().nullable(),
  images: z33.array(z33.object({ src: z33.string(), alt: z33.string(), contentType: z33.string() })),
  options: z33.array(z33.object({ name: z33.string(), values: z33.array(z33.string()) })),
  priceMin: z33.string(),
  priceMax: z33.string(),
  currency: z33.string(),
  available: z33.boolean(),
  variants: z33.array(PublicVariantSchema)
});
var PublicCatalogAnswerSchema = z33.object({
  products: z33.array(PublicProductSchema),
  pageInfo: z33.object({ hasNextPage: z33.boolean(), endCursor: z33.string().nullable() })
});
var PopulateQuerySchema = z33.object({ store: publicStore, handles: listOf(PUBLIC_CATALOG_MAX).optional() });
var PopulateV2QuerySchema = z33.object({ store: publicStore, ids: listOf(PUBLIC_CATALOG_MAX).optional(), handles: listOf(PUBLIC_CATALOG_MAX).optional() });
var PopulateVendorQuerySchema = z33.object({
  store: publicStore,
  vendor: z33.string({ error: MSG.required }).trim().min(1, MSG.required).max(200),
  json: z33.enum(["true", "false", "1", "0", ""]).optional(),
  after: z33.string().max(1e3).optional(),
  first: z33.coerce.number().int().min(1).max(PUBLIC_CATALOG_MAX).default(24)
});

// src/server/modules/products/decide-product.ts
import { eq as eq42 } from "drizzle-orm";

// src/server/modules/products/auto-approve.ts
async function isAutoApproveOn(db, storeId, vendorId) {
  const vendorSettings2 = await readVendorSettings(db, vendorId);
  if (typeof vendorSettings2.autoApprove === "boolean") return vendorSettings2.autoApprove;
  return (await readStoreSettings(db, storeId)).autoApprove.enabledDefault;
}

// src/server/modules/products/product-logs.ts
import { and as and30, desc as desc4, eq as eq40, sql as sql22 } from "drizzle-orm";
var PRODUCT_LOGS_LIMIT = 200;
var MAX_LOGGED_TEXT = 2e3;
var MAX_LOGGED_VARIANTS = 50;
function clip(value) {
  if (typeof value === "string") return value.length > MAX_LOGGED_TEXT ? `${value.slice(0, MAX_LOGGED_TEXT)}\u2026` : value;
  if (Array.isArray(value)) return value.map(clip);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v2]) => [k, clip(v2)]));
  return value;
}
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v2]) => v2 !== void 0);
    return `{${entries.sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([k, v2]) => `${JSON.stringify(k)}:${canonical(v2)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
var same = (a, b) => canonical(a) === canonical(b);
function diffSnapshots(before, after) {
  const changes = {};
  const keys = /* @__PURE__ */ new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  keys.delete("variants");
  for (const key of keys) {
    const b = before?.[key];
    const a = after?.[key];
    if (!same(b, a)) changes[key] = { before: clip(b ?? null), after: clip(a ?? null) };
  }
  const beforeVariants = new Map((before?.variants ?? []).map((v2) => [v2.id, v2]));
  const afterVariants = new Map((after?.variants ?? []).map((v2) => [v2.id, v2]));
  const variantChanges = {};
  for (const id of /* @__PURE__ */ new Set([...beforeVariants.keys(), ...afterVariants.keys()])) {
    const b = beforeVariants.get(id) ?? null;
    const a = afterVariants.get(id) ?? null;
    if (same(b, a)) continue;
    if (b && a) {
      const fields = Object.keys({ ...b, ...a }).filter((k) => !same(b[k], a[k]));
      variantChanges[`variants.${id}`] = {
        before: clip(Object.fromEntries(fields.map((k) => [k, b[k]]))),
        after: clip(Object.fromEntries(fields.map((k) => [k, a[k]])))
      };
    } else variantChanges[`variants.${id}`] = { before: clip(b), after: clip(a) };
  }
  const count2 = Object.keys(variantChanges).length;
  if (count2 > MAX_LOGGED_VARIANTS) changes.variants = { before: beforeVariants.size, after: afterVariants.size };
  else Object.assign(changes, variantChanges);
  return changes;
}
async function writeProductLog(db, auth, entry2) {
  await db.insert(productLogs).values({ ...entry2, note: entry2.note ?? null, userId: auth.userId, email: auth.email, createdAt: sql22`clock_timestamp()` });
}
async function listProductLogs(ctx2, auth, productId) {
  if (!isUuid(productId)) throw notFound(PRODUCT_NOT_FOUND);
  const conditions = [eq40(productLogs.productId, productId), eq40(productLogs.storeId, auth.storeId)];
  if (auth.vendorId) conditions.push(eq40(productLogs.vendorId, auth.vendorId));
  const rows = await ctx2.db.select().from(productLogs).where(and30(...conditions)).orderBy(desc4(productLogs.createdAt), desc4(productLogs.id)).limit(PRODUCT_LOGS_LIMIT);
  if (rows.length === 0) await getScopedProduct(ctx2.db, scopeOf(auth), productId);
  return {
    logs: rows.map((r) => ({ id: r.id, action: r.action, email: r.email, note: r.note, changes: r.changes, createdAt: r.createdAt.toISOString() }))
  };
}

// src/server/modules/storefront-sync/enqueue-product-sync.ts
import { eq as eq41 } from "drizzle-orm";
var STOREFRONT_SYNC_JOB = "storefront-product-sync";
var STOREFRONT_SYNC_ATTEMPTS = 8;
var isSellable = (p) => p.approved && p.status === "ACTIVE";
async function enqueueProductSync(ctx2, productId, db = ctx2.db, known) {
  const [product] = known ? [known] : await db.select({ approved: products.approved, status: products.status, updatedAt: products.updatedAt }).from(products).where(eq41(products.id, productId));
  const listing = async () => known?.isNew ? void 0 : (await db.select({ state: storefrontListings.state }).from(storefrontListings).where(eq41(storefrontListings.productId, productId)))[0];
  let state;
  if (!product) {
    if (!await listing()) return false;
    state = "deleted";
  } else {
    if (!isSellable(product) && (await listing())?.state !== "published") return false;
    state = `${product.updatedAt.getTime()}:${product.approved ? "approved" : "unapproved"}:${product.status}`;
  }
  await ctx2.jobs.enqueue(STOREFRONT_SYNC_JOB, { productId }, { dedupeKey: `${STOREFRONT_SYNC_JOB}:${productId}:${state}`, maxAttempts: STOREFRONT_SYNC_ATTEMPTS }, db);
  return true;
}

// src/server/modules/products/decide-product.ts
var ACTION_MESSAGES = {
  approvalByMarketplace: "Products are approved by the marketplace",
  deleteByMarketplace: "Only the marketplace can delete a product"
};
async function applyProductAction(ctx2, auth, productId, action, note) {
  const decided = await ctx2.db.transaction(async (tx) => {
    const product = await getScopedProduct(tx, scopeOf(auth), productId, { forUpdate: true });
    if (!auth.isAdmin) {
      if (action === "delete") throw forbidden(ACTION_MESSAGES.deleteByMarketplace);
      if (!await isAutoApproveOn(tx, auth.storeId, product.vendorId)) throw forbidden(ACTION_MESSAGES.approvalByMarketplace);
    }
    const base = { storeId: auth.storeId, productId: product.id, vendorId: product.vendorId, note: note || null };
    if (action === "delete") {
      await tx.delete(products).where(eq42(products.id, product.id));
      await writeProductLog(tx, auth, {
        ...base,
        action: "delete",
        changes: { product: { before: { title: product.title, handle: product.handle, status: product.status }, after: null } }
      });
      return { productId: product.id, approved: false, deleted: true };
    }
    const approved = action === "approve";
    if (product.approved === approved) return { productId: product.id, approved, deleted: false };
    const now = ctx2.now();
    await tx.update(products).set({ approved, approvedAt: approved ? now : null, approvedBy: approved ? auth.userId : null, approvalNote: note || null, updatedAt: now }).where(eq42(products.id, product.id));
    await writeProductLog(tx, auth, { ...base, action, changes: { approved: { before: product.approved, after: approved } } });
    if (auth.isAdmin) await mailVendor(ctx2, tx, product, approved ? "product-approved" : "product-unapproved", note ?? "");
    return { productId: product.id, approved, deleted: false };
  });
  await enqueueProductSync(ctx2, decided.productId);
  return decided;
}
async function mailVendor(ctx2, tx, product, template, note) {
  const [vendor2] = await tx.select({ name: vendors.name }).from(vendors).where(eq42(vendors.id, product.vendorId));
  for (const email2 of await activeVendorEmails(tx, product.storeId, product.vendorId)) {
    await ctx2.mailer.send(
      {
        storeId: product.storeId,
        template,
        to: email2,
        vars: { vendor: vendor2?.name ?? "", product_title: product.title, note, link: `${ctx2.config.publicUrl}/app/products/${product.id}` }
      },
      tx
    );
  }
}

// src/server/modules/products/export-products.ts
import { asc as asc6, inArray as inArray4 } from "drizzle-orm";

// src/shared/csv-columns.ts
var MARKETPLACE_COLUMNS = [
  "id",
  "sku",
  "vendor",
  "price",
  "compare price",
  "weight",
  "weight unit",
  "stock",
  "title",
  "images",
  "description",
  "option1 name",
  "option1 value",
  "option2 name",
  "option2 value",
  "option3 name",
  "option3 value"
];
var PRODUCT_EXPORT_COLUMNS = [
  "ID",
  "Handle",
  "Title",
  "Description",
  "Vendor",
  "Status",
  "Approved",
  "Variant ID",
  "SKU",
  "Barcode",
  "Price",
  "Compare Price",
  "Weight",
  "Weight Unit",
  "Stock",
  "Images",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "SEO Title",
  "SEO Description",
  "Updated At"
];
var MARKETPLACE_IMPORT_COLUMNS = [.../* @__PURE__ */ new Set([...MARKETPLACE_COLUMNS, ...PRODUCT_EXPORT_COLUMNS.map((c) => c.toLowerCase())])];

// src/server/modules/exports/csv-exports.ts
import { Readable } from "node:stream";
import { and as and31, eq as eq43, isNull as isNull13 } from "drizzle-orm";
import Papa from "papaparse";
var CSV_EXPORT_JOB = "csv-export";
var EXPORT_NOT_FOUND = "Export not found";
var EXPORT_NOT_READY = "The export is not ready yet";
var EXPORT_TUNING = {
  /** Items (products, orders) per part file: one page of the list, one storage object. */
  pageSize: 500,
  /** Parts per job run: a run stays well inside the queue's 5-minute lease, then a continuation job follows. */
  pagesPerRun: 20
};
var EXPORT_ATTEMPTS = 5;
var sources = /* @__PURE__ */ new Map();
function registerExportSource(ctx2, source) {
  sources.set(source.kind, source);
  ctx2.jobs.register(CSV_EXPORT_JOB, (payload, job) => runExport(ctx2, payload, job));
}
var FORMULA_START = /^[=+\-@\t\r]/;
function toCsv(columns, rows, withHeader) {
  return Papa.unparse({ fields: withHeader ? [...columns] : [], data: rows }, { header: withHeader, escapeFormulae: FORMULA_START, newline: "\r\n" });
}
var partKey = (storeId, exportId, part) => `exports/${storeId}/${exportId}/part-${String(part).padStart(6, "0")}.csv`;
var exportDownloadPath = (kind, exportId) => `/api/${kind}/exports/${exportId}/download`;
async function startExport(ctx2, auth, kind, request) {
  return ctx2.db.transaction(async (tx) => {
    const [row] = await tx.insert(productExports).values({ storeId: auth.storeId, userId: auth.userId, kind, vendorId: request.vendorId, query: request.query }).returning({ id: productExports.id });
    await ctx2.jobs.enqueue(CSV_EXPORT_JOB, { exportId: row.id }, { dedupeKey: `${CSV_EXPORT_JOB}:${row.id}:0`, maxAttempts: EXPORT_ATTEMPTS }, tx);
    return { exportId: row.id };
  });
}
async function getOwnExport(ctx2, auth, kind, exportId) {
  if (!isUuid(exportId)) throw notFound(EXPORT_NOT_FOUND);
  const [row] = await ctx2.db.select().from(productExports).where(and31(eq43(productExports.id, exportId), eq43(productExports.kind, kind), eq43(productExports.storeId, auth.storeId), eq43(productExports.userId, auth.userId)));
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  return row;
}
async function getExportStatus(ctx2, auth, kind, exportId) {
  const row = await getOwnExport(ctx2, auth, kind, exportId);
  const done = row.status === "done";
  const progress = done ? 100 : row.total ? Math.min(99, Math.floor(row.rowCount / row.total * 100)) : 0;
  return {
    exportId: row.id,
    status: row.status,
    progress,
    rows: row.rowCount,
    total: row.total,
    ...done ? { url: exportDownloadPath(kind, row.id) } : {},
    ...row.error ? { error: row.error } : {}
  };
}
async function downloadExport(ctx2, auth, kind, exportId) {
  const row = await getOwnExport(ctx2, auth, kind, exportId);
  if (row.status !== "done") throw new AppError("conflict", EXPORT_NOT_READY);
  const storage = ctx2.storage;
  async function* parts() {
    yield Buffer.from("\uFEFF");
    for (let part = 0; part < row.parts; part++) {
      const stored = await storage.get(partKey(row.storeId, row.id, part));
      if (!stored) throw new Error(`Missing export part ${part}`);
      for await (const chunk of stored.body) yield chunk;
    }
  }
  return { body: Readable.from(parts()), filename: `${kind}-${row.createdAt.toISOString().slice(0, 10)}.csv` };
}
async function finishExport(ctx2, row, source, progress) {
  await ctx2.db.transaction(async (tx) => {
    await tx.update(productExports).set({ ...progress, status: "done", finishedAt: ctx2.now() }).where(eq43(productExports.id, row.id));
    const [requester] = await tx.select({ email: users.email }).from(users).where(and31(eq43(users.id, row.userId), isNull13(users.disabledAt)));
    if (!requester) return;
    await ctx2.mailer.send(
      {
        storeId: row.storeId,
        template: "export-ready",
        to: requester.email,
        vars: { kind: source.kind, rows: progress.rowCount, link: `${ctx2.config.publicUrl}${source.screenPath}?export=${row.id}` },
        dedupeKey: `export-ready:${row.id}`
      },
      tx
    );
  });
}
async function runExport(ctx2, payload, job) {
  const exportId = String(payload.exportId ?? "");
  const [row] = await ctx2.db.select().from(productExports).where(eq43(productExports.id, exportId));
  if (!row || row.status === "done" || row.status === "failed") return;
  const source = sources.get(row.kind);
  try {
    if (!source) throw new Error(`No export of ${row.kind}`);
    let { cursor, parts, rowCount, total } = row;
    if (total === null) {
      total = await source.count(ctx2, row);
      await ctx2.db.update(productExports).set({ status: "running", total }).where(eq43(productExports.id, row.id));
    }
    for (let run = 0; run < EXPORT_TUNING.pagesPerRun; run++) {
      const page2 = await source.page(ctx2, row, cursor, EXPORT_TUNING.pageSize);
      if (page2.items > 0 || parts === 0) {
        const csv = toCsv(source.columns, page2.rows, parts === 0);
        await ctx2.storage.put(partKey(row.storeId, row.id, parts), Buffer.from(`${csv}\r
`), "text/csv");
        parts += 1;
        rowCount += page2.items;
      }
      cursor = page2.cursor ?? cursor;
      const progress = { cursor, parts, rowCount };
      if (page2.cursor === null) {
        await finishExport(ctx2, row, source, progress);
        return;
      }
      await ctx2.db.update(productExports).set({ ...progress, status: "running" }).where(eq43(productExports.id, row.id));
    }
    await ctx2.jobs.enqueue(CSV_EXPORT_JOB, { exportId: row.id }, { dedupeKey: `${CSV_EXPORT_JOB}:${row.id}:${parts}`, maxAttempts: EXPORT_ATTEMPTS });
  } catch (error) {
    if (job.attempts >= EXPORT_ATTEMPTS) {
      const message = error instanceof Error ? error.message : String(error);
      await ctx2.db.update(productExports).set({ status: "failed", error: message.slice(0, 500), finishedAt: ctx2.now() }).where(eq43(productExports.id, row.id));
    }
    throw error;
  }
}

// src/server/modules/products/list-products.ts
import { eq as eq44, getTableColumns, inArray as inArray3, sql as sql23 } from "drizzle-orm";

// src/server/modules/products/product-data.ts
function variantOut(v2, decimals) {
  return {
    id: v2.id,
    price: formatMinorUnits(v2.price, decimals),
    compareAt: v2.compareAt === null ? null : formatMinorUnits(v2.compareAt, decimals),
    options: v2.options,
    sku: v2.sku,
    barcode: v2.barcode,
    taxable: v2.taxable,
    trackStock: v2.trackStock,
    stock: v2.stock,
    requiresShipping: v2.requiresShipping,
    weight: v2.weight,
    weightUnit: v2.weightUnit,
    dimensions: v2.dimensions ?? null,
    localPickup: v2.localPickup,
    media: v2.media,
    metafields: v2.metafields,
    position: v2.position
  };
}
function snapshotOf(p, variants, vendorName, decimals) {
  return {
    title: p.title,
    bodyHtml: p.bodyHtml,
    handle: p.handle,
    status: p.status,
    vendor: vendorName,
    seo: p.seo,
    options: p.options,
    media: p.media,
    metafields: p.metafields,
    approved: p.approved,
    variants: variants.map((v2) => {
      const { position: _position, ...rest } = variantOut(v2, decimals);
      return rest;
    })
  };
}
function listItemOf(p, vendorName, currency, decimals) {
  return {
    id: p.id,
    handle: p.handle,
    title: p.title,
    status: p.status,
    approved: p.approved,
    vendor: vendorName,
    image: p.media.find((m) => m.contentType === "IMAGE")?.src ?? p.media[0]?.src ?? null,
    priceMin: formatMinorUnits(p.priceMin, decimals),
    priceMax: formatMinorUnits(p.priceMax, decimals),
    currency,
    totalStock: p.totalStock,
    inStock: p.inStock,
    variantsCount: p.variantsCount,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString()
  };
}
function detailOf(p, variants, vendorName, currency, decimals, translations) {
  return {
    id: p.id,
    handle: p.handle,
    title: p.title,
    // What will be published (rows stored before rich text was sanitised on save included).
    bodyHtml: sanitizeRichText(p.bodyHtml),
    status: p.status,
    vendor: vendorName,
    vendorId: p.vendorId,
    approved: p.approved,
    approvedAt: p.approvedAt?.toISOString() ?? null,
    approvalNote: p.approvalNote,
    seo: p.seo,
    options: p.options,
    media: p.media,
    metafields: p.metafields,
    variants: variants.map((v2) => variantOut(v2, decimals)),
    currency,
    totalStock: p.totalStock,
    inStock: p.inStock,
    translations,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString()
  };
}

// src/server/modules/products/list-products.ts
var KEY = {
  UPDATED_AT: sql23.raw("p.updated_at"),
  CREATED_AT: sql23.raw("p.created_at"),
  TITLE: sql23.raw("lower(p.title)")
};
var ISO = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
var KEY_TEXT = {
  UPDATED_AT: sql23.raw(`to_char(p.updated_at at time zone 'UTC', ${ISO})`),
  CREATED_AT: sql23.raw(`to_char(p.created_at at time zone 'UTC', ${ISO})`),
  TITLE: sql23.raw("lower(p.title)")
};
var SORT_CODE = { UPDATED_AT: "u", CREATED_AT: "c", TITLE: "t" };
var ISO_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
var INVALID_CURSOR = "Invalid cursor";
function encodeCursor(sort, value, id) {
  return Buffer.from(JSON.stringify([SORT_CODE[sort], value, id])).toString("base64url");
}
function decodeCursor(sort, cursor) {
  let parsed;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badRequest(INVALID_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed.some((p) => typeof p !== "string")) throw badRequest(INVALID_CURSOR);
  const [code2, value, id] = parsed;
  if (code2 !== SORT_CODE[sort] || !isUuid(id)) throw badRequest(INVALID_CURSOR);
  if (sort !== "TITLE" && !ISO_VALUE.test(value)) throw badRequest(INVALID_CURSOR);
  return { value, id };
}
var escapeLike2 = (q) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
function searchQuery(q) {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length ? words.map((w, i) => i === words.length - 1 ? `${w}:*` : w).join(" & ") : null;
}
var SKU_MATCH_LIMIT = 1e3;
function searchCondition(plan, q) {
  const tsquery = searchQuery(q);
  const vendor2 = vendorCondition(plan, sql23.raw("v.vendor_id"));
  const skus = sql23`p.id = any(array(select v.product_id from product_variants v where v.store_id = ${plan.scope.storeId}${vendor2 ? sql23` and ${vendor2}` : sql23``} and lower(v.sku) like ${`${escapeLike2(q.trim().toLowerCase())}%`} limit ${SKU_MATCH_LIMIT}))`;
  return tsquery ? sql23`(p.search @@ to_tsquery('simple', ${tsquery}) or ${skus})` : skus;
}
function vendorCondition(plan, column) {
  if (plan.scope.vendorId) return sql23`${column} = ${plan.scope.vendorId}::uuid`;
  if (plan.vendorName) return sql23`${column} = (select vn.id from vendors vn where vn.store_id = ${plan.scope.storeId} and vn.name = ${plan.vendorName})`;
  return null;
}
function statusCondition(statuses) {
  if (statuses.length === PRODUCT_STATUSES.length) return null;
  if (statuses.length === 1) return sql23`p.status = ${statuses[0]}`;
  return sql23`p.status in (${sql23.join(
    statuses.map((s) => sql23`${s}`),
    sql23`, `
  )})`;
}
function filters(plan, statuses) {
  const parts = [sql23`p.store_id = ${plan.scope.storeId}`];
  const vendor2 = vendorCondition(plan, sql23.raw("p.vendor_id"));
  if (vendor2) parts.push(vendor2);
  const status = statusCondition(statuses);
  if (status) parts.push(status);
  if (plan.approvedOnly) parts.push(sql23`p.approved`);
  if (plan.stock === "in-stock") parts.push(sql23`p.in_stock`);
  if (plan.stock === "oos") parts.push(sql23`not p.in_stock`);
  if (plan.q) parts.push(searchCondition(plan, plan.q));
  return parts;
}
function keyset(plan, cursor, op) {
  const value = plan.sort === "TITLE" ? sql23`${cursor.value}::text` : sql23`${cursor.value}::timestamptz`;
  return sql23`(${KEY[plan.sort]}, p.id) ${sql23.raw(op)} (${value}, ${cursor.id}::uuid)`;
}
function pageQuery(plan, bound2, ascending, limit) {
  const dir = sql23.raw(ascending ? "asc" : "desc");
  const branch = (statuses) => {
    const where = [...filters(plan, statuses), ...bound2 ? [bound2] : []];
    return sql23`select p.id, ${KEY[plan.sort]} as sk, ${KEY_TEXT[plan.sort]} as k from products p where ${sql23.join(where, sql23` and `)} order by ${KEY[plan.sort]} ${dir}, p.id ${dir} limit ${limit}`;
  };
  if (plan.statuses.length === 1 || plan.q) return branch(plan.statuses);
  const parts = plan.statuses.map((status) => sql23`(${branch([status])})`);
  return sql23`select id, sk, k from (${sql23.join(parts, sql23` union all `)}) u order by sk ${dir}, id ${dir} limit ${limit}`;
}
function countQuery(plan, cap = PRODUCT_COUNT_CAP) {
  const limit = cap === null ? sql23`` : sql23` limit ${cap + 1}`;
  return sql23`select count(*)::int as n from (select 1 from products p where ${sql23.join(filters(plan, plan.statuses), sql23` and `)}${limit}) c`;
}
var rowsOf = (result) => result.rows;
async function fetchPage(db, plan, request) {
  const forwardAscending = !plan.descending;
  const after = plan.descending ? "<" : ">";
  const notAfter = plan.descending ? ">=" : "<=";
  const beforeOp = plan.descending ? ">" : "<";
  const notBefore = plan.descending ? "<=" : ">=";
  const probe = async (bound2, ascending) => rowsOf(await db.execute(pageQuery(plan, bound2, ascending, 1))).length > 0;
  if (request.before) {
    const cursor2 = decodeCursor(plan.sort, request.before);
    const [rows2, hasNextPage] = await Promise.all([
      db.execute(pageQuery(plan, keyset(plan, cursor2, beforeOp), !forwardAscending, request.first + 1)).then(rowsOf),
      probe(keyset(plan, cursor2, notBefore), forwardAscending)
    ]);
    return { ids: rows2.slice(0, request.first).reverse(), hasPreviousPage: rows2.length > request.first, hasNextPage };
  }
  const cursor = request.after ? decodeCursor(plan.sort, request.after) : null;
  const [rows, hasPreviousPage] = await Promise.all([
    db.execute(pageQuery(plan, cursor ? keyset(plan, cursor, after) : null, forwardAscending, request.first + 1)).then(rowsOf),
    cursor ? probe(keyset(plan, cursor, notAfter), !forwardAscending) : false
  ]);
  return { ids: rows.slice(0, request.first), hasNextPage: rows.length > request.first, hasPreviousPage };
}
var { search: _search, ...PAGE_COLUMNS } = getTableColumns(products);
async function loadPageRows(db, ids) {
  if (ids.length === 0) return [];
  const rows = await db.select({ product: PAGE_COLUMNS, vendor: vendors.name }).from(products).innerJoin(vendors, eq44(vendors.id, products.vendorId)).where(inArray3(products.id, ids));
  const byId = new Map(rows.map((r) => [r.product.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => Boolean(r));
}
function planOf(auth, query) {
  const scope = scopeOf(auth);
  return {
    scope,
    vendorName: !scope.vendorId && auth.isAdmin && query.vendor ? query.vendor : void 0,
    statuses: query.status === "ALL" ? [...PRODUCT_STATUSES] : [query.status],
    stock: query.stock,
    q: query.q || void 0,
    sort: query.sort,
    // Shopify's meaning of reverse (true = descending); without it, newest first and titles A to Z.
    descending: query.reverse ?? query.sort !== "TITLE"
  };
}
async function resolveVendor(db, plan) {
  if (!plan.vendorName) return plan;
  const { id } = await getVendorByName2(db, plan.scope.storeId, plan.vendorName);
  return { ...plan, vendorName: void 0, scope: { ...plan.scope, vendorId: id } };
}
async function listProducts(ctx2, auth, query) {
  const parsed = parseOrThrow(ProductListQuerySchema, query);
  const plan = planOf(auth, parsed);
  const cap = plan.q ? SEARCH_COUNT_CAP : PRODUCT_COUNT_CAP;
  const [page2, , n, currency] = await Promise.all([
    fetchPage(ctx2.db, plan, parsed),
    // An unknown vendor is a 404, not an empty list; checked alongside, the filter itself is in the statements.
    plan.vendorName ? getVendorByName2(ctx2.db, auth.storeId, plan.vendorName) : null,
    ctx2.db.execute(countQuery(plan, cap)).then((r) => rowsOf(r)[0].n),
    readStoreCurrency(ctx2.db, auth.storeId)
  ]);
  const rows = await loadPageRows(
    ctx2.db,
    page2.ids.map((r) => r.id)
  );
  const decimals = currencyDecimals(currency);
  const first = page2.ids[0];
  const last = page2.ids[page2.ids.length - 1];
  return {
    products: rows.map((r) => listItemOf(r.product, r.vendor, currency, decimals)),
    count: Math.min(n, cap),
    countCapped: n > cap,
    pageInfo: {
      hasNextPage: page2.hasNextPage,
      hasPreviousPage: page2.hasPreviousPage,
      startCursor: first ? encodeCursor(plan.sort, first.k, first.id) : null,
      endCursor: last ? encodeCursor(plan.sort, last.k, last.id) : null
    }
  };
}

// src/server/modules/products/export-products.ts
function csvRows(rows, variants, decimals, publicUrl) {
  const byProduct = /* @__PURE__ */ new Map();
  for (const v2 of variants) byProduct.set(v2.productId, [...byProduct.get(v2.productId) ?? [], v2]);
  const absolute3 = (src) => src.startsWith("/") ? `${publicUrl}${src}` : src;
  return rows.flatMap(({ product: p, vendor: vendor2 }) => {
    const variantsOf = byProduct.get(p.id) ?? [];
    return (variantsOf.length ? variantsOf : [null]).map((v2) => {
      const options = [0, 1, 2].flatMap((i) => [p.options[i]?.name ?? "", p.options[i] ? v2?.options[i] ?? "" : ""]);
      return [
        p.id,
        p.handle,
        p.title,
        p.bodyHtml,
        vendor2,
        p.status,
        p.approved ? "true" : "false",
        v2?.id ?? "",
        v2?.sku ?? "",
        v2?.barcode ?? "",
        v2 ? formatMinorUnits(v2.price, decimals) : "",
        v2 && v2.compareAt !== null ? formatMinorUnits(v2.compareAt, decimals) : "",
        v2 ? String(v2.weight) : "",
        v2?.weightUnit ?? "",
        v2 ? v2.trackStock ? String(v2.stock) : "Untracked" : "",
        p.media.map((m) => absolute3(m.src)).join(" "),
        ...options,
        p.seo.title,
        p.seo.description,
        p.updatedAt.toISOString()
      ];
    });
  });
}
async function startProductExport(ctx2, auth, query) {
  const parsed = parseOrThrow(ProductListQuerySchema, query);
  const { after: _after, before: _before, first: _first, ...filters2 } = parsed;
  const plan = await resolveVendor(ctx2.db, planOf(auth, parsed));
  return startExport(ctx2, auth, "products", { vendorId: plan.scope.vendorId, query: filters2 });
}
var planOfExport = (row) => planOf({ storeId: row.storeId, vendorId: row.vendorId, isAdmin: false }, ProductListQuerySchema.parse(row.query));
var PRODUCT_EXPORT = {
  kind: "products",
  columns: PRODUCT_EXPORT_COLUMNS,
  screenPath: "/app/products",
  count: async (ctx2, row) => rowsOf(await ctx2.db.execute(countQuery(planOfExport(row), null)))[0].n,
  async page(ctx2, row, cursor, size) {
    const plan = planOfExport(row);
    const page2 = await fetchPage(ctx2.db, plan, { after: cursor ?? void 0, first: size });
    const ids = page2.ids.map((r) => r.id);
    if (ids.length === 0) return { rows: [], items: 0, cursor: null };
    const decimals = currencyDecimals(await readStoreCurrency(ctx2.db, row.storeId));
    const products2 = await loadPageRows(ctx2.db, ids);
    const variants = await ctx2.db.select().from(productVariants).where(inArray4(productVariants.productId, ids)).orderBy(asc6(productVariants.productId), asc6(productVariants.position));
    const last = page2.ids[page2.ids.length - 1];
    return {
      rows: csvRows(products2, variants, decimals, ctx2.config.publicUrl),
      items: products2.length,
      cursor: page2.hasNextPage ? encodeCursor(plan.sort, last.k, last.id) : null
    };
  }
};

// src/server/modules/exports/export-routes.ts
import { z as z34 } from "zod";
var EXPORT_RATE_LIMIT = {
  max: 10,
  timeWindow: "1 hour",
  groupId: "exports",
  keyGenerator: (request) => request.auth?.userId ?? request.ip,
  errorResponseBuilder: () => new AppError("rate_limited", MSG.tooManyExports)
};
var ExportIdParams = z34.object({ exportId: z34.string().max(100) });
function registerExportRoutes(app2, ctx2, source, tags14) {
  registerExportSource(ctx2, source);
  const { kind } = source;
  app2.get(
    `/api/${kind}/exports/:exportId`,
    {
      config: { policy: "user" },
      schema: { tags: tags14, summary: `State of a ${kind} export (its requester only)`, params: ExportIdParams, response: { 200: ExportStatusSchema } }
    },
    async (request) => getExportStatus(ctx2, requireAuth(request), kind, request.params.exportId)
  );
  app2.get(
    `/api/${kind}/exports/:exportId/download`,
    {
      config: { policy: "user" },
      schema: {
        tags: tags14,
        summary: `The CSV file of a finished ${kind} export (its requester only)`,
        params: ExportIdParams,
        produces: ["text/csv"],
        response: { 200: z34.string().describe("text/csv") }
      }
    },
    async (request, reply) => {
      const file = await downloadExport(ctx2, requireAuth(request), kind, request.params.exportId);
      return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${file.filename}"`).header("x-content-type-options", "nosniff").header("cache-control", "private, no-store").send(file.body);
    }
  );
}

// src/server/modules/products/get-product.ts
import { asc as asc7, eq as eq46 } from "drizzle-orm";

// src/server/modules/products/product-translations.ts
import { and as and32, eq as eq45, inArray as inArray5, sql as sql24 } from "drizzle-orm";
var TRANSLATION_MESSAGES = {
  unknownLocale: "Must be one of the marketplace's languages",
  unknownKey: "This text cannot be translated",
  otherResource: "Must be the product's id"
};
function translatableTexts(product) {
  const texts = /* @__PURE__ */ new Map([
    ["title", product.title],
    ["body_html", product.bodyHtml],
    ["meta_title", product.seo.title],
    ["meta_description", product.seo.description]
  ]);
  product.options.forEach((option, i) => texts.set(`option${i + 1}.name`, option.name));
  for (const [key, value] of texts) if (!value.trim()) texts.delete(key);
  return texts;
}
var sourceDigest = (text16) => sha256(text16);
async function translationStatus(db, product, locales) {
  if (locales.length === 0) return [];
  const texts = translatableTexts(product);
  const rows = await db.select({ locale: productTranslations.locale, key: productTranslations.key, digest: productTranslations.digest }).from(productTranslations).where(and32(eq45(productTranslations.productId, product.id), inArray5(productTranslations.locale, locales)));
  return locales.map((locale) => {
    const mine = rows.filter((r) => r.locale === locale && texts.has(r.key));
    return {
      locale,
      total: texts.size,
      translated: mine.length,
      outdated: mine.filter((r) => r.digest !== sourceDigest(texts.get(r.key))).length
    };
  });
}
async function storeLocales(db, storeId) {
  return (await readStoreSettings(db, storeId)).translations.locales;
}
async function getProductTranslations(ctx2, auth, productId, locale) {
  const product = await getScopedProduct(ctx2.db, scopeOf(auth), productId);
  if (!(await storeLocales(ctx2.db, auth.storeId)).includes(locale)) {
    throw badRequest(TRANSLATION_MESSAGES.unknownLocale, [{ path: "locale", message: TRANSLATION_MESSAGES.unknownLocale }]);
  }
  const rows = await ctx2.db.select().from(productTranslations).where(and32(eq45(productTranslations.productId, product.id), eq45(productTranslations.locale, locale)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return {
    locale,
    translations: [...translatableTexts(product)].map(([key, source]) => {
      const row = byKey.get(key);
      const digest = sourceDigest(source);
      return { key, source, sourceDigest: digest, value: row?.value ?? null, digest: row?.digest ?? null, outdated: Boolean(row && row.digest !== digest) };
    })
  };
}
async function saveProductTranslations(ctx2, auth, productId, body) {
  const locales = await storeLocales(ctx2.db, auth.storeId);
  return ctx2.db.transaction(async (tx) => {
    const product = await getScopedProduct(tx, scopeOf(auth), productId, { forUpdate: true });
    const texts = translatableTexts(product);
    const errors = body.translations.flatMap((t, i) => {
      if (!locales.includes(t.locale)) return [{ path: `translations.${i}.locale`, message: TRANSLATION_MESSAGES.unknownLocale }];
      if (t.resourceId && t.resourceId !== product.id) return [{ path: `translations.${i}.resourceId`, message: TRANSLATION_MESSAGES.otherResource }];
      if (!texts.has(t.key)) return [{ path: `translations.${i}.key`, message: TRANSLATION_MESSAGES.unknownKey }];
      return [];
    });
    if (errors.length) throw badRequest(errors[0].message, errors);
    const existing = await tx.select().from(productTranslations).where(eq45(productTranslations.productId, product.id));
    const changes = {};
    const saved = [];
    for (const entry2 of body.translations) {
      const t = entry2.key === "body_html" ? { ...entry2, value: sanitizeRichText(entry2.value) } : entry2;
      const current = sourceDigest(texts.get(t.key));
      const before = existing.find((e) => e.locale === t.locale && e.key === t.key);
      if (!t.value.trim()) {
        if (before) {
          await tx.delete(productTranslations).where(eq45(productTranslations.id, before.id));
          changes[`${t.locale}.${t.key}`] = { before: before.value, after: null };
        }
        saved.push({ locale: t.locale, key: t.key, value: null, digest: null, outdated: false });
        continue;
      }
      const digest = t.digest ?? current;
      await tx.insert(productTranslations).values({ productId: product.id, storeId: auth.storeId, locale: t.locale, key: t.key, value: t.value, digest, updatedAt: ctx2.now() }).onConflictDoUpdate({
        target: [productTranslations.productId, productTranslations.locale, productTranslations.key],
        set: { value: t.value, digest, updatedAt: sql24`excluded.updated_at` }
      });
      if (before?.value !== t.value) changes[`${t.locale}.${t.key}`] = { before: before?.value ?? null, after: t.value };
      saved.push({ locale: t.locale, key: t.key, value: t.value, digest, outdated: digest !== current });
    }
    if (Object.keys(changes).length) {
      await writeProductLog(tx, auth, { storeId: auth.storeId, productId: product.id, vendorId: product.vendorId, action: "translate", changes });
    }
    return { translations: saved };
  });
}

// src/server/modules/products/get-product.ts
async function getProduct(ctx2, auth, productId) {
  const product = await getScopedProduct(ctx2.db, scopeOf(auth), productId);
  const [variants, [vendor2], settings] = await Promise.all([
    ctx2.db.select().from(productVariants).where(eq46(productVariants.productId, product.id)).orderBy(asc7(productVariants.position)),
    ctx2.db.select({ name: vendors.name }).from(vendors).where(eq46(vendors.id, product.vendorId)),
    readStoreSettings(ctx2.db, auth.storeId)
  ]);
  const translations = await translationStatus(ctx2.db, product, settings.translations.locales);
  return detailOf(product, variants, vendor2?.name ?? "", settings.currency, currencyDecimals(settings.currency), translations);
}

// src/server/modules/products/product-counters.ts
var registered = false;
function registerProductCounters() {
  if (registered) return;
  registered = true;
  addStatusCounter(async (ctx2, auth) => {
    const count2 = async (status) => rowsOf(
      await ctx2.db.execute(countQuery({ scope: scopeOf(auth), statuses: [status], stock: "any", sort: "UPDATED_AT", descending: true }))
    )[0].n;
    return { activeProducts: await count2("ACTIVE"), draftProducts: await count2("DRAFT") };
  });
}

// src/server/modules/products/save-product.ts
import { randomUUID as randomUUID5 } from "node:crypto";
import { and as and33, asc as asc8, eq as eq47, inArray as inArray6, notInArray } from "drizzle-orm";
async function loadProductRules(db, storeId) {
  const settings = await readStoreSettings(db, storeId);
  const definitions = await db.select({ key: metafieldDefinitions.key, definition: metafieldDefinitions.definition }).from(metafieldDefinitions).where(and33(eq47(metafieldDefinitions.storeId, storeId), eq47(metafieldDefinitions.owner, "products"))).orderBy(asc8(metafieldDefinitions.position));
  return {
    settings,
    decimals: currencyDecimals(settings.currency),
    context: {
      inputLimit: settings.inputLimit,
      currency: settings.currency,
      definitions: definitions.map((d) => ({
        key: d.key,
        required: d.definition.required === true,
        description: typeof d.definition.description === "string" ? d.definition.description : "",
        type: typeof d.definition.type === "string" ? d.definition.type : void 0
      }))
    }
  };
}
var schemaByRules = /* @__PURE__ */ new WeakMap();
function validateProduct(input, context2) {
  let schema = schemaByRules.get(context2);
  if (!schema) schemaByRules.set(context2, schema = buildProductSchema(context2));
  const result = schema.safeParse(withSanitizedDescription(input));
  if (result.success) return result.data;
  const errors = issuesToFieldErrors(result.error.issues);
  throw new AppError("bad_request", errors[0]?.message ?? "Invalid input", errors);
}
var REVIEWED_FIELDS = ["title", "bodyHtml", "media", "options", "metafields", "seo"];
var SUBMITTED_MAIL_WINDOW_MS = 60 * 60 * 1e3;
var hourOf = (now) => `h${Math.floor(now.getTime() / SUBMITTED_MAIL_WINDOW_MS)}`;
var HANDLE_BATCH = 100;
var HANDLE_ATTEMPTS = 3;
async function freeHandle(db, storeId, base, ownId) {
  const [holder] = await db.select({ id: products.id }).from(products).where(and33(eq47(products.storeId, storeId), eq47(products.handle, base)));
  if (!holder || holder.id === ownId) return base;
  for (let batch = 0; batch < 10; batch++) {
    const candidates = Array.from({ length: HANDLE_BATCH }, (_, i) => {
      const n = batch * HANDLE_BATCH + i + 1;
      return n === 1 ? base : `${base}-${n}`;
    });
    const taken = await db.select({ id: products.id, handle: products.handle }).from(products).where(and33(eq47(products.storeId, storeId), inArray6(products.handle, candidates)));
    const used = new Set(taken.filter((t) => t.id !== ownId).map((t) => t.handle));
    const free = candidates.find((c) => !used.has(c));
    if (free) return free;
  }
  return `${base}-${randomUUID5().slice(0, 8)}`;
}
var isHandleClash = (error) => {
  for (let e = error; e; e = e.cause) {
    const { code: code2, constraint, message } = e;
    if (code2 === "23505" && (constraint === "products_store_handle_uq" || message?.includes("products_store_handle_uq"))) return true;
  }
  return false;
};
function withMediaIds(media, stored) {
  const bySrc = new Map(stored.map((m) => [m.src, m.id]));
  return media.map((m) => ({ id: m.id || bySrc.get(m.src) || randomUUID5(), src: m.src, alt: m.alt, contentType: m.contentType }));
}
function withMetafieldTypes(metafields, context2) {
  const types = new Map((context2.definitions ?? []).map((d) => [d.key, d.type]));
  return metafields.map((m) => {
    const type = m.type || types.get(m.key) || "input";
    return { key: m.key, namespace: m.namespace, value: type === "richtext" && typeof m.value === "string" ? sanitizeRichText(m.value) : m.value, type };
  });
}
function withSanitizedDescription(input) {
  if (!input || typeof input !== "object" || typeof input.bodyHtml !== "string") return input;
  return { ...input, bodyHtml: sanitizeRichText(input.bodyHtml) };
}
async function createOrUpdateProduct(ctx2, auth, input, options = {}) {
  const rules = options.rules ?? await loadProductRules(ctx2.db, auth.storeId);
  const data = validateProduct(input, rules.context);
  const db = options.tx ?? ctx2.db;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => saveInTransaction(ctx2, tx, auth, data, rules, options.submittedMailKey));
    } catch (error) {
      if (attempt < HANDLE_ATTEMPTS && isHandleClash(error)) continue;
      throw error;
    }
  }
}
async function saveInTransaction(ctx2, tx, auth, data, rules, submittedMailKey) {
  const { settings, decimals, context: context2 } = rules;
  const now = ctx2.now();
  const existing = data.id ? await getScopedProduct(tx, scopeOf(auth), data.id, { forUpdate: true }) : null;
  const existingVariants = existing ? await tx.select().from(productVariants).where(eq47(productVariants.productId, existing.id)).orderBy(asc8(productVariants.position)) : [];
  const vendorColumns = { id: vendors.id, name: vendors.name };
  let vendor2;
  if (!auth.vendorId && data.vendor) {
    [vendor2] = await tx.select(vendorColumns).from(vendors).where(and33(eq47(vendors.storeId, auth.storeId), eq47(vendors.name, data.vendor)));
    if (!vendor2) throw badRequest(PRODUCT_MESSAGES.unknownVendor, [{ path: "vendor", message: PRODUCT_MESSAGES.unknownVendor }]);
  } else {
    const id = auth.vendorId ?? existing?.vendorId;
    if (!id) throw badRequest(PRODUCT_MESSAGES.vendorRequired, [{ path: "vendor", message: PRODUCT_MESSAGES.vendorRequired }]);
    [vendor2] = await tx.select(vendorColumns).from(vendors).where(eq47(vendors.id, id));
  }
  const vendorId = vendor2.id;
  const [beforeVendor] = !existing ? [] : existing.vendorId === vendorId ? [vendor2] : await tx.select({ name: vendors.name }).from(vendors).where(eq47(vendors.id, existing.vendorId));
  const productId = existing?.id ?? randomUUID5();
  const wantedHandle = data.handle ? slugify(data.handle) : null;
  const handle = existing && (!wantedHandle || wantedHandle === existing.handle) ? existing.handle : await freeHandle(tx, auth.storeId, wantedHandle ?? slugify(data.title), existing?.id ?? null);
  const ownVariants = new Map(existingVariants.map((v2) => [v2.id, v2]));
  const ownVariantIds = new Set(ownVariants.keys());
  const usedIds = /* @__PURE__ */ new Set();
  const variants = data.variants.map((v2, position) => {
    const keep = v2.id && ownVariantIds.has(v2.id) && !usedIds.has(v2.id);
    const id = keep ? v2.id : randomUUID5();
    usedIds.add(id);
    const previous = ownVariants.get(id);
    return {
      id,
      productId,
      storeId: auth.storeId,
      vendorId,
      sku: v2.sku,
      barcode: v2.barcode,
      price: toMinorUnits(v2.price, decimals),
      compareAt: v2.compareAt === null ? null : toMinorUnits(v2.compareAt, decimals),
      options: v2.options,
      taxable: v2.taxable,
      trackStock: v2.trackStock,
      stock: v2.stock,
      requiresShipping: v2.requiresShipping,
      weight: v2.weight,
      weightUnit: v2.weightUnit ?? previous?.weightUnit ?? settings.defaultUnits.weight,
      dimensions: v2.dimensions ? { ...v2.dimensions, dimUnit: v2.dimensions.dimUnit ?? settings.defaultUnits.length } : null,
      localPickup: v2.localPickup,
      media: withMediaIds(v2.media, previous?.media ?? []),
      metafields: withMetafieldTypes(v2.metafields, context2),
      position,
      createdAt: previous?.createdAt ?? now,
      updatedAt: now
    };
  });
  const prices = variants.map((v2) => v2.price);
  const autoApprove = auth.isAdmin ? true : await isAutoApproveOn(tx, auth.storeId, vendorId);
  const next = {
    id: productId,
    storeId: auth.storeId,
    vendorId,
    handle,
    title: data.title,
    bodyHtml: data.bodyHtml,
    status: data.status ?? existing?.status ?? "DRAFT",
    approved: existing ? existing.approved : autoApprove,
    approvedAt: existing ? existing.approvedAt : autoApprove ? now : null,
    approvedBy: existing ? existing.approvedBy : autoApprove ? auth.userId : null,
    approvalNote: existing?.approvalNote ?? null,
    seo: data.seo,
    options: data.options,
    media: withMediaIds(data.media, existing?.media ?? []),
    metafields: withMetafieldTypes(data.metafields, context2),
    priceMin: Math.min(...prices),
    priceMax: Math.max(...prices),
    variantsCount: variants.length,
    totalStock: variants.reduce((sum, v2) => sum + (v2.trackStock ? v2.stock : 0), 0),
    inStock: variants.some((v2) => !v2.trackStock || v2.stock > 0),
    search: "",
    createdAt: existing?.createdAt ?? now,
    updatedAt: now
  };
  const before = existing ? snapshotOf(existing, existingVariants, beforeVendor?.name ?? "", decimals) : null;
  let changes = diffSnapshots(before, snapshotOf(next, variants, vendor2.name, decimals));
  if (existing && Object.keys(changes).length === 0) return { productId, handle, created: false, changed: false };
  const reviewedChange = Object.keys(changes).some((k) => REVIEWED_FIELDS.includes(k));
  const withdrawn = Boolean(existing && !auth.isAdmin && !autoApprove && existing.approved && reviewedChange);
  if (withdrawn) {
    Object.assign(next, { approved: false, approvedAt: null, approvedBy: null });
    changes = { ...changes, approved: { before: true, after: false } };
  }
  const submitted = !auth.isAdmin && !autoApprove && !next.approved;
  const entersReview = !existing || withdrawn;
  const { search: _search2, ...columns } = next;
  if (existing) {
    const { id: _id, storeId: _storeId, createdAt: _createdAt, ...update } = columns;
    await tx.update(products).set(update).where(eq47(products.id, productId));
    const keptIds = variants.filter((v2) => ownVariantIds.has(v2.id)).map((v2) => v2.id);
    await tx.delete(productVariants).where(keptIds.length ? and33(eq47(productVariants.productId, productId), notInArray(productVariants.id, keptIds)) : eq47(productVariants.productId, productId));
    for (const v2 of variants) {
      const previous = ownVariants.get(v2.id);
      if (!previous || previous.vendorId === v2.vendorId && same(variantOut(previous, decimals), variantOut(v2, decimals))) continue;
      const { id: _vid, productId: _pid, storeId: _sid, createdAt: _c, ...set } = v2;
      await tx.update(productVariants).set(set).where(eq47(productVariants.id, v2.id));
    }
  } else {
    await tx.insert(products).values(columns);
  }
  const added = variants.filter((v2) => !ownVariantIds.has(v2.id));
  if (added.length) await tx.insert(productVariants).values(added);
  await writeProductLog(tx, auth, { storeId: auth.storeId, productId, vendorId, action: existing ? "update" : "create", changes });
  if (submitted) {
    const mailKey = submittedMailKey ?? `${productId}:${entersReview ? randomUUID5() : hourOf(now)}`;
    await mailSubmitted(ctx2, tx, auth.storeId, { id: productId, title: next.title, vendor: vendor2.name }, mailKey);
  }
  await enqueueProductSync(ctx2, productId, tx, { ...next, isNew: !existing });
  return { productId, handle, created: !existing, changed: true };
}
async function mailSubmitted(ctx2, tx, storeId, product, mailKey) {
  for (const email2 of await activeAdminEmails(tx, storeId)) {
    await ctx2.mailer.send(
      {
        storeId,
        template: "marketplace-on-product-submitted",
        to: email2,
        vars: { vendor: product.vendor, product_title: product.title, link: `${ctx2.config.publicUrl}/app/products/${product.id}` },
        dedupeKey: `product-submitted:${mailKey}:${email2}`
      },
      tx
    );
  }
}

// src/server/modules/products/routes.ts
var tags9 = ["products"];
var ProductIdParams = z35.object({ productId: z35.string().max(100) });
async function withProductPaths(work) {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.errors) {
      throw new AppError(error.code, error.message, error.errors.map((e) => ({ ...e, path: e.path ? `product.${e.path}` : "product" })));
    }
    throw error;
  }
}
function registerProductRoutes(app2, ctx2) {
  registerProductCounters();
  app2.put(
    "/api/products-v2",
    {
      config: { policy: "user" },
      schema: {
        tags: tags9,
        summary: "Create (no id) or update a product; a vendor saves its own, an admin in the marketplace view names the vendor",
        body: PutProductBodySchema,
        response: { 200: SaveProductAnswerSchema }
      }
    },
    async (request) => {
      const { productId, handle } = await withProductPaths(createOrUpdateProduct(ctx2, requireAuth(request), request.body.product));
      return { productId, handle };
    }
  );
  app2.get(
    "/api/products-v2",
    {
      config: { policy: "user" },
      schema: {
        tags: tags9,
        summary: "Products of the caller (keyset pages: after/before cursors), with a count capped at 10,000",
        querystring: ProductListQuerySchema,
        response: { 200: ProductListAnswerSchema }
      }
    },
    async (request) => listProducts(ctx2, requireAuth(request), request.query)
  );
  app2.get(
    "/api/products-v2/:productId",
    {
      config: { policy: "user" },
      schema: { tags: tags9, summary: "A product with its variants, metafields and translation status", params: ProductIdParams, response: { 200: z35.object({ product: ProductDetailSchema }) } }
    },
    async (request) => ({ product: await getProduct(ctx2, requireAuth(request), request.params.productId) })
  );
  app2.patch(
    "/api/product-v2/:productId/:action",
    {
      config: { policy: "user" },
      schema: {
        tags: tags9,
        summary: "Approve, unapprove (admins; vendors with autoApprove) or delete (admins) a product, with an optional note",
        params: ProductIdParams.extend({ action: z35.enum(PRODUCT_ACTIONS, { error: "Unknown action" }) }),
        body: ProductActionBodySchema,
        response: { 200: ProductActionAnswerSchema }
      }
    },
    async (request) => applyProductAction(ctx2, requireAuth(request), request.params.productId, request.params.action, request.body?.note)
  );
  app2.get(
    "/api/products/:productId/translations",
    {
      config: { policy: "user" },
      schema: {
        tags: tags9,
        summary: "The translatable texts of a product in one locale, with their digests and outdated flags",
        params: ProductIdParams,
        querystring: TranslationsQuerySchema,
        response: { 200: TranslationsAnswerSchema }
      }
    },
    async (request) => getProductTranslations(ctx2, requireAuth(request), request.params.productId, request.query.locale)
  );
  app2.patch(
    "/api/products/:productId/translations",
    {
      config: { policy: "user" },
      schema: { tags: tags9, summary: "Save translations (an empty value removes one)", params: ProductIdParams, body: TranslationsPatchSchema, response: { 200: TranslationsSavedSchema } }
    },
    async (request) => saveProductTranslations(ctx2, requireAuth(request), request.params.productId, request.body)
  );
  app2.get(
    "/api/logs/product/:productId",
    {
      config: { policy: "user" },
      schema: { tags: tags9, summary: "A product's change log, newest first (at most 200 entries)", params: ProductIdParams, response: { 200: ProductLogsAnswerSchema } }
    },
    async (request) => listProductLogs(ctx2, requireAuth(request), request.params.productId)
  );
  app2.post(
    "/api/products/export",
    {
      config: { policy: "user", rateLimit: EXPORT_RATE_LIMIT },
      schema: {
        tags: tags9,
        summary: "Export the filtered product list as CSV, in the background; poll GET products/exports/{exportId}",
        querystring: ProductListQuerySchema,
        response: { 202: ExportStartedSchema }
      }
    },
    async (request, reply) => reply.status(202).send(await startProductExport(ctx2, requireAuth(request), request.query))
  );
  registerExportRoutes(app2, ctx2, PRODUCT_EXPORT, tags9);
}

// src/server/modules/catalog/routes.ts
import { z as z36 } from "zod";

// src/server/modules/catalog/list-catalog.ts
import { and as and34, asc as asc9, eq as eq48, inArray as inArray7 } from "drizzle-orm";
var CATALOG_LIMIT = 25;
var publicPlan = (storeId, vendorId, q) => ({
  scope: { storeId, vendorId },
  statuses: ["ACTIVE"],
  approvedOnly: true,
  stock: "any",
  q,
  sort: "UPDATED_AT",
  descending: true
});
var imageOf = (p) => p.media.find((m) => m.contentType === "IMAGE")?.src ?? p.media[0]?.src ?? null;
async function listCatalog(ctx2, auth, q) {
  const page2 = await fetchPage(ctx2.db, publicPlan(auth.storeId, null, q), { first: CATALOG_LIMIT });
  const rows = await loadPageRows(
    ctx2.db,
    page2.ids.map((r) => r.id)
  );
  const settings = await readStoreSettings(ctx2.db, auth.storeId);
  const decimals = currencyDecimals(settings.currency);
  return {
    products: rows.map(({ product: p, vendor: vendor2 }) => ({
      id: p.id,
      handle: p.handle,
      title: p.title,
      vendor: vendor2,
      image: imageOf(p),
      priceMin: formatMinorUnits(p.priceMin, decimals),
      priceMax: formatMinorUnits(p.priceMax, decimals),
      currency: settings.currency,
      inStock: p.inStock
    }))
  };
}
var absolute = (publicUrl, src) => src.startsWith("/") && !src.startsWith("//") ? `${publicUrl}${src}` : src;
async function toPublic(ctx2, storeId, rows) {
  if (rows.length === 0) return [];
  const settings = await readStoreSettings(ctx2.db, storeId);
  const decimals = currencyDecimals(settings.currency);
  const variants = await ctx2.db.select().from(productVariants).where(
    inArray7(
      productVariants.productId,
      rows.map((r) => r.product.id)
    )
  ).orderBy(asc9(productVariants.productId), asc9(productVariants.position));
  const byProduct = /* @__PURE__ */ new Map();
  for (const v2 of variants) byProduct.set(v2.productId, [...byProduct.get(v2.productId) ?? [], v2]);
  return rows.map(({ product: p, vendor: vendor2 }) => {
    const image = imageOf(p);
    return {
      id: p.id,
      handle: p.handle,
      title: p.title,
      // Sanitised again on the way out: rows stored before rich text was sanitised on save.
      bodyHtml: sanitizeRichText(p.bodyHtml),
      vendor: vendor2,
      image: image ? absolute(ctx2.config.publicUrl, image) : null,
      images: p.media.map((m) => ({ src: absolute(ctx2.config.publicUrl, m.src), alt: m.alt, contentType: m.contentType })),
      options: p.options,
      priceMin: formatMinorUnits(p.priceMin, decimals),
      priceMax: formatMinorUnits(p.priceMax, decimals),
      currency: settings.currency,
      available: p.inStock,
      variants: (byProduct.get(p.id) ?? []).map((v2) => ({
        id: v2.id,
        title: v2.options.length ? v2.options.join(" / ") : "Default Title",
        options: v2.options,
        price: formatMinorUnits(v2.price, decimals),
        compareAt: v2.compareAt === null ? null : formatMinorUnits(v2.compareAt, decimals),
        available: !v2.trackStock || v2.stock > 0
      }))
    };
  });
}
async function listPublicProducts(ctx2, storeId, vendorId, request) {
  const page2 = await fetchPage(ctx2.db, publicPlan(storeId, vendorId), request);
  const rows = await loadPageRows(
    ctx2.db,
    page2.ids.map((r) => r.id)
  );
  const last = page2.ids[page2.ids.length - 1];
  return {
    products: await toPublic(ctx2, storeId, rows),
    pageInfo: { hasNextPage: page2.hasNextPage, endCursor: last ? encodeCursor("UPDATED_AT", last.k, last.id) : null }
  };
}
async function findPublicProducts(ctx2, storeId, keys) {
  const ids = (keys.ids ?? []).filter(isUuid);
  const handles = keys.handles ?? [];
  const wanted = [];
  if (ids.length) wanted.push(inArray7(products.id, ids));
  if (handles.length) wanted.push(inArray7(products.handle, handles));
  if (wanted.length === 0) return [];
  const found = await publicRows(ctx2.db, storeId, wanted);
  const order3 = [...ids, ...handles];
  const rank = (p) => Math.min(...[order3.indexOf(p.id), order3.indexOf(p.handle)].filter((i) => i >= 0));
  found.sort((a, b) => rank(a.product) - rank(b.product));
  return toPublic(ctx2, storeId, found);
}
async function publicRows(db, storeId, wanted) {
  const results = await Promise.all(
    wanted.map(
      (condition) => db.select({ product: products, vendor: vendors.name }).from(products).innerJoin(vendors, eq48(vendors.id, products.vendorId)).where(and34(eq48(products.storeId, storeId), eq48(products.status, "ACTIVE"), eq48(products.approved, true), condition))
    )
  );
  const byId = new Map(results.flat().map((r) => [r.product.id, r]));
  return [...byId.values()];
}

// src/server/modules/catalog/render-vendor-fragment.ts
var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;", "`": "&#96;" };
var escapeHtml2 = (value) => value.replace(/[&<>"'`]/g, (c) => ENTITIES[c]);
function safeUrl(value) {
  if (!value) return null;
  try {
    const url3 = new URL(value);
    return url3.protocol === "https:" || url3.protocol === "http:" ? url3.toString() : null;
  } catch {
    return null;
  }
}
var price = (p) => p.priceMin === p.priceMax ? `${p.priceMin} ${p.currency}` : `${p.priceMin} \u2013 ${p.priceMax} ${p.currency}`;
function renderVendorFragment(vendor2, products2) {
  const items = products2.map((p) => {
    const image = safeUrl(p.image);
    const img = image ? `<img class="mp-product-image" src="${escapeHtml2(image)}" alt="${escapeHtml2(p.title)}" loading="lazy">` : "";
    return `<li class="mp-product"><a class="mp-product-link" href="/products/${encodeURIComponent(p.handle)}">${img}<span class="mp-product-title">${escapeHtml2(p.title)}</span><span class="mp-product-price">${escapeHtml2(price(p))}</span></a></li>`;
  });
  const body = items.length ? `<ul class="mp-product-grid">${items.join("")}</ul>` : '<p class="mp-empty">No products yet.</p>';
  return `<div class="mp-vendor-products" data-vendor="${escapeHtml2(vendor2)}">${body}</div>`;
}

// src/server/modules/catalog/routes.ts
var CATALOG_RATE_LIMIT = { max: 300, timeWindow: "1 minute" };
var PUBLIC_CACHE = "public, max-age=60";
var TAGS3 = ["catalog"];
function registerCatalogRoutes(app2, ctx2) {
  const storeOf = (request, named) => resolvePublicStore(ctx2, named, request.hostname);
  const publicHeaders = (reply) => {
    reply.header("cache-control", PUBLIC_CACHE);
    reply.header("access-control-allow-origin", "*");
  };
  app2.get(
    "/api/catalog",
    {
      config: { policy: "user" },
      schema: {
        tags: TAGS3,
        summary: "The store's approved, active products for pickers (25, searched with q)",
        querystring: CatalogQuerySchema,
        response: { 200: CatalogAnswerSchema }
      }
    },
    async (request) => listCatalog(ctx2, requireAuth(request), request.query.q || void 0)
  );
  app2.get(
    "/api/public/catalog",
    {
      config: { policy: "public", rateLimit: CATALOG_RATE_LIMIT },
      schema: {
        tags: TAGS3,
        summary: "Approved, active products: by product id(s), or a vendor name, or the newest of the store",
        querystring: PublicCatalogQuerySchema,
        response: { 200: PublicCatalogAnswerSchema }
      }
    },
    async (request, reply) => {
      const { store: named, id, after, first } = request.query;
      const store = await storeOf(request, named);
      publicHeaders(reply);
      const ids = (id ?? "").split(",").map((s) => s.trim()).filter(Boolean);
      if (ids.length > 0 && ids.every(isUuid)) {
        const products2 = await findPublicProducts(ctx2, store.id, { ids: ids.slice(0, first) });
        return { products: products2, pageInfo: { hasNextPage: false, endCursor: null } };
      }
      const vendorId = id ? (await getVendorByName2(ctx2.db, store.id, id)).id : null;
      return listPublicProducts(ctx2, store.id, vendorId, { after, first });
    }
  );
  app2.get(
    "/api/storefront/populate",
    {
      config: { policy: "public", rateLimit: CATALOG_RATE_LIMIT },
      schema: {
        tags: TAGS3,
        summary: "Marketplace data (vendor, prices, variants) of the products a storefront page shows, by handle",
        querystring: PopulateQuerySchema,
        response: { 200: z36.object({ products: z36.array(PublicProductSchema) }) }
      }
    },
    async (request, reply) => {
      const store = await storeOf(request, request.query.store);
      publicHeaders(reply);
      return { products: await findPublicProducts(ctx2, store.id, { handles: request.query.handles }) };
    }
  );
  app2.get(
    "/api/storefront/populate/v2",
    {
      config: { policy: "public", rateLimit: CATALOG_RATE_LIMIT },
      schema: {
        tags: TAGS3,
        summary: "The same by product ids and/or handles, as a map keyed by handle",
        querystring: PopulateV2QuerySchema,
        response: { 200: z36.object({ products: z36.record(z36.string(), PublicProductSchema) }) }
      }
    },
    async (request, reply) => {
      const store = await storeOf(request, request.query.store);
      publicHeaders(reply);
      const found = await findPublicProducts(ctx2, store.id, { ids: request.query.ids, handles: request.query.handles });
      return { products: Object.fromEntries(found.map((p) => [p.handle, p])) };
    }
  );
  app2.get(
    "/api/storefront/populate/vendor",
    {
      config: { policy: "public", rateLimit: CATALOG_RATE_LIMIT },
      schema: {
        tags: TAGS3,
        summary: "A vendor's approved, active products for a storefront widget: JSON with json=true, else an HTML fragment",
        querystring: PopulateVendorQuerySchema,
        produces: ["application/json", "text/html"],
        response: { 200: z36.union([PublicCatalogAnswerSchema.extend({ vendor: z36.string() }), z36.string().describe("text/html fragment")]) }
      }
    },
    async (request, reply) => {
      const { store: named, vendor: name, json, after, first } = request.query;
      const store = await storeOf(request, named);
      const vendor2 = await getVendorByName2(ctx2.db, store.id, name);
      const page2 = await listPublicProducts(ctx2, store.id, vendor2.id, { after, first });
      publicHeaders(reply);
      if (json === "true" || json === "1") return { vendor: vendor2.name, ...page2 };
      return reply.type("text/html; charset=utf-8").header("x-content-type-options", "nosniff").send(renderVendorFragment(vendor2.name, page2.products));
    }
  );
}

// src/server/modules/csv/routes.ts
import { randomUUID as randomUUID6 } from "node:crypto";
import { and as and37, eq as eq53, sql as sql29 } from "drizzle-orm";
import { z as z38 } from "zod";

// src/shared/schemas/csv-import.ts
import { z as z37 } from "zod";
var CSV_IMPORT_STATUSES = ["waiting", "validated", "importing", "done", "failed"];
var CsvProblemSchema = z37.object({ line: z37.number(), column: z37.string().optional(), message: z37.string() });
var CsvImportSchema = z37.object({
  id: z37.string(),
  status: z37.enum(CSV_IMPORT_STATUSES),
  fileName: z37.string(),
  format: z37.string().nullable(),
  rowCount: z37.number(),
  productCount: z37.number(),
  errorCount: z37.number(),
  errors: z37.array(CsvProblemSchema),
  warnings: z37.array(CsvProblemSchema),
  progress: z37.number(),
  created: z37.number(),
  updated: z37.number(),
  failed: z37.array(CsvProblemSchema),
  createdAt: z37.string()
});
var CsvUploadAnswerSchema = z37.object({ url: z37.string(), importId: z37.string() });
var CSV_PROBLEMS_LISTED = 1e3;

// src/server/modules/csv/parse-product-csv.ts
import Papa2 from "papaparse";

// src/shared/parse-number.ts
function parseNumber(input) {
  if (typeof input === "number") return input;
  if (input == null) return NaN;
  const negative = /^\s*-/.test(input);
  const cleaned = input.replace(/[^0-9.,]/g, "");
  if (!/[0-9]/.test(cleaned)) return NaN;
  const lastDot = cleaned.lastIndexOf(".");
  const lastComma = cleaned.lastIndexOf(",");
  let normalised;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const thousands = decimal === "." ? "," : ".";
    normalised = cleaned.split(thousands).join("").replace(decimal, ".");
  } else {
    const sep = lastDot >= 0 ? "." : lastComma >= 0 ? "," : "";
    if (!sep) normalised = cleaned;
    else {
      const parts = cleaned.split(sep);
      const isThousands = parts.length > 2 || parts[1].length === 3 && parts[0] !== "0" && parts[0] !== "";
      normalised = isThousands ? parts.join("") : `${parts[0]}.${parts.slice(1).join("")}`;
    }
  }
  if (normalised === "" || normalised === ".") return NaN;
  const value = Number(normalised);
  return negative ? -value : value;
}

// src/server/modules/csv/csv-formats.ts
var METAFIELD_COLUMN = /\(product\.metafields\.([\w-]+)\.([\w-]+)\)\s*$/;
var lower = (s) => s.trim().toLowerCase();
function detectFormat(headers) {
  const set = new Set(headers.map(lower).filter((h) => h !== ""));
  if ([...set].every((h) => MARKETPLACE_IMPORT_COLUMNS.includes(h))) return "marketplace";
  if (set.has("handle") && [...set].some((h) => h.startsWith("variant ") && !MARKETPLACE_IMPORT_COLUMNS.includes(h))) return "platform-classic";
  if (set.has("url handle") || set.has("title") && set.has("compare-at price")) return "platform-current";
  return "marketplace";
}
function unknownColumns(format, headers) {
  if (format !== "marketplace") return [];
  return headers.filter((h) => h.trim() !== "" && !MARKETPLACE_IMPORT_COLUMNS.includes(lower(h)));
}

// src/server/modules/csv/parse-product-csv.ts
var CSV_LIMITS = { maxBytes: 50 * 1024 * 1024, maxRows: 2e5 };
var HEADERS = {
  marketplace: {
    id: "id",
    variantId: "variant id",
    handle: "handle",
    title: "title",
    body: "description",
    vendor: "vendor",
    sku: "sku",
    barcode: "barcode",
    price: "price",
    compareAt: "compare price",
    weight: "weight",
    weightUnit: "weight unit",
    stock: "stock",
    tracker: null,
    requiresShipping: null,
    taxable: null,
    images: "images",
    imagePosition: null,
    imageAlt: null,
    variantImage: null,
    status: "status",
    published: null,
    seoTitle: "seo title",
    seoDescription: "seo description",
    option1Name: "option1 name",
    option1Value: "option1 value",
    option2Name: "option2 name",
    option2Value: "option2 value",
    option3Name: "option3 name",
    option3Value: "option3 value"
  },
  "platform-classic": {
    id: null,
    variantId: null,
    handle: "handle",
    title: "title",
    body: "body (html)",
    vendor: "vendor",
    sku: "variant sku",
    barcode: "variant barcode",
    price: "variant price",
    compareAt: "variant compare at price",
    weight: "variant grams",
    weightUnit: "variant weight unit",
    stock: "variant inventory qty",
    tracker: "variant inventory tracker",
    requiresShipping: "variant requires shipping",
    taxable: "variant taxable",
    images: "image src",
    imagePosition: "image position",
    imageAlt: "image alt text",
    variantImage: "variant image",
    status: "status",
    published: "published",
    seoTitle: "seo title",
    seoDescription: "seo description",
    option1Name: "option1 name",
    option1Value: "option1 value",
    option2Name: "option2 name",
    option2Value: "option2 value",
    option3Name: "option3 name",
    option3Value: "option3 value"
  },
  "platform-current": {
    id: null,
    variantId: null,
    handle: "url handle",
    title: "title",
    body: "description",
    vendor: "vendor",
    sku: "sku",
    barcode: "barcode",
    price: "price",
    compareAt: "compare-at price",
    weight: "weight value (grams)",
    weightUnit: "weight unit for display",
    stock: "inventory quantity",
    tracker: "inventory tracker",
    requiresShipping: "requires shipping",
    taxable: "charge tax",
    images: "product image url",
    imagePosition: "image position",
    imageAlt: "image alt text",
    variantImage: "variant image url",
    status: "status",
    published: "published on online store",
    seoTitle: "seo title",
    seoDescription: "seo description",
    option1Name: "option1 name",
    option1Value: "option1 value",
    option2Name: "option2 name",
    option2Value: "option2 value",
    option3Name: "option3 name",
    option3Value: "option3 value"
  }
};
var problemColumn = (field2) => HEADERS.marketplace[field2] ?? field2;
var PLATFORM_WEIGHT_UNITS = {
  g: { unit: "GRAMS", grams: 1, decimals: 0 },
  kg: { unit: "KILOGRAMS", grams: 1e3, decimals: 3 },
  lb: { unit: "POUNDS", grams: 453.59237, decimals: 2 },
  oz: { unit: "OUNCES", grams: 28.349523125, decimals: 1 }
};
function decode(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new AppError("bad_request", 'The file is not UTF-8 encoded: save it as "CSV UTF-8" and try again');
  }
}
var unescapeCell = (value) => /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
var unquoteCode = (value) => value.replace(/^'/, "");
var isTrue = (value) => /^(true|yes|1|y)$/i.test(value);
var flag2 = (value, fallback) => value === "" ? fallback : !/^(false|no|0|n)$/i.test(value);
var isUrl = (value) => {
  try {
    const url3 = new URL(value);
    return url3.protocol === "http:" || url3.protocol === "https:";
  } catch {
    return false;
  }
};
function money(value) {
  const n = parseNumber(value);
  return Number.isFinite(n) && n >= 0 ? String(n) : null;
}
var PARSE_MESSAGES = {
  MissingQuotes: "A quote is not closed",
  InvalidQuotes: "A quote is misplaced",
  TooFewFields: "The row has fewer columns than the header",
  TooManyFields: "The row has more columns than the header"
};
var STATUS_WORDS = { active: "ACTIVE", draft: "DRAFT", archived: "ARCHIVED" };
var round = (n, decimals) => Math.round(n * 10 ** decimals) / 10 ** decimals;
function parseProductCsv(bytes, options) {
  if (bytes.length > CSV_LIMITS.maxBytes) throw new AppError("too_large", "The file is larger than 50MB");
  const text16 = decode(bytes);
  const originalHeaders = [];
  const parsed = Papa2.parse(text16, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => {
      originalHeaders.push(h.trim());
      return h.trim().toLowerCase();
    }
  });
  const headers = (parsed.meta.fields ?? []).filter((h) => h !== "");
  if (headers.length === 0) throw new AppError("bad_request", "The file is empty");
  const format = detectFormat(headers);
  const unknown = unknownColumns(format, originalHeaders);
  if (unknown.length) throw new AppError("bad_request", `Unknown columns are not allowed: ${unknown.join(", ")}`);
  const required2 = format === "marketplace" ? ["sku", "title", "price"] : format === "platform-classic" ? ["handle", "title", "variant price"] : ["title", "price"];
  const missing = required2.filter((r) => !headers.includes(r));
  if (missing.length) throw new AppError("bad_request", `Missing columns: ${missing.join(", ")}`);
  if (parsed.data.length > CSV_LIMITS.maxRows) throw new AppError("too_large", `The file has more than ${CSV_LIMITS.maxRows} rows`);
  const columns = HEADERS[format];
  const headerSet = new Set(headers);
  const has = (field2) => columns[field2] !== null && headerSet.has(columns[field2]);
  const metafieldColumns = format === "platform-current" ? originalHeaders.flatMap((h) => METAFIELD_COLUMN.exec(h) ? [h] : []) : [];
  const local = (src) => options.publicUrl && src.startsWith(`${options.publicUrl}/`) ? src.slice(options.publicUrl.length) : src;
  const errors = parsed.errors.filter((e) => e.row !== void 0).map((e) => ({ line: (e.row ?? 0) + (e.type === "Quotes" ? 1 : 2), message: PARSE_MESSAGES[e.code] ?? e.message }));
  const badLines = new Set(errors.map((e) => e.line));
  const warnings = [];
  const groups = /* @__PURE__ */ new Map();
  const skuLines = /* @__PURE__ */ new Map();
  const defaultUnit = options.defaultWeightUnit ?? "KILOGRAMS";
  parsed.data.forEach((raw, index13) => {
    const line = index13 + 2;
    const get = (field2) => {
      const header2 = columns[field2];
      return header2 ? unescapeCell((raw[header2] ?? "").trim()) : "";
    };
    const rowErrors = [];
    const fail = (field2, message) => rowErrors.push({ line, column: problemColumn(field2), message });
    const id = get("id");
    const handle = get("handle");
    const title = get("title");
    const vendor2 = get("vendor");
    const groupKey = (format === "marketplace" ? id || title : handle || title).toLowerCase();
    const group = groups.get(groupKey);
    const sku = unquoteCode(get("sku"));
    const priceText = get("price");
    const rawNames = [get("option1Name"), get("option2Name"), get("option3Name")];
    const rawValues = [get("option1Value"), get("option2Value"), get("option3Value")];
    const defaultTitle = !group && /^title$/i.test(rawNames[0]) && /^default title$/i.test(rawValues[0]) && !rawNames[1] && !rawNames[2];
    const names = group ? group.optionNames : defaultTitle ? ["", "", ""] : rawNames;
    const values = defaultTitle ? ["", "", ""] : rawValues;
    const sources2 = [get("images"), get("variantImage")];
    const alt = has("imageAlt") ? get("imageAlt") : void 0;
    const position = Number.parseInt(get("imagePosition"), 10);
    if (badLines.has(line)) {
      if (group) group.failed = true;
      else groups.set(groupKey, { product: newProduct(), optionNames: names, imagePositions: /* @__PURE__ */ new Map(), failed: true });
      return;
    }
    if (group && format !== "marketplace" && !sku && !priceText && !title && values.every((v2) => !v2)) {
      if (sources2[0] && !isUrl(sources2[0])) fail("images", MSG.invalidUrl);
      else if (sources2[0]) addImage(group, local(sources2[0]), alt, position);
      if (rowErrors.length) group.failed = true;
      errors.push(...rowErrors);
      return;
    }
    if (!group && !title) fail("title", MSG.required);
    if (!sku && format === "marketplace" && !get("variantId")) fail("sku", MSG.required);
    if (!priceText) fail("price", MSG.required);
    const price2 = priceText ? money(priceText) : null;
    if (priceText && price2 === null) fail("price", "Must be a number of 0 or more");
    const compareText = get("compareAt");
    const compareAt = compareText ? money(compareText) : null;
    if (compareText && compareAt === null) fail("compareAt", "Must be a number of 0 or more");
    if (vendor2 && format === "marketplace" && !options.isAdmin && vendor2 !== options.ownVendor) fail("vendor", "Only an admin can set the vendor");
    if (format === "marketplace" && get("status") && !STATUS_WORDS[get("status").toLowerCase()]) fail("status", "Must be one of ACTIVE, DRAFT, ARCHIVED");
    for (let i = 0; i < 3; i++) {
      const name = names[i] ?? "";
      const value = values[i];
      if (name && !value) fail(`option${i + 1}Value`, MSG.required);
      if (!name && value) fail(`option${i + 1}Name`, MSG.required);
    }
    if ((names[1] || values[1]) && !(names[0] || values[0])) fail("option2Name", "Option 2 needs option 1");
    if ((names[2] || values[2]) && !(names[1] || values[1])) fail("option3Name", "Option 3 needs option 2");
    let weight;
    let weightUnit;
    if (has("weight")) {
      weight = get("weight") ? parseNumber(get("weight")) : 0;
      if (!Number.isFinite(weight) || weight < 0) fail("weight", "Must be a number of 0 or more");
    }
    if (format === "marketplace") {
      if (has("weightUnit")) {
        const unit = (get("weightUnit") || defaultUnit).toUpperCase();
        if (WEIGHT_UNITS.includes(unit)) weightUnit = unit;
        else fail("weightUnit", `Must be one of ${WEIGHT_UNITS.join(", ")}`);
      }
    } else if (weight !== void 0) {
      const unit = PLATFORM_WEIGHT_UNITS[get("weightUnit").toLowerCase() || "g"];
      if (!unit) fail("weightUnit", `Must be one of ${Object.keys(PLATFORM_WEIGHT_UNITS).join(", ")}`);
      else [weight, weightUnit] = [round(weight / unit.grams, unit.decimals), unit.unit];
    }
    const stockText = get("stock");
    const tracked = has("tracker") ? get("tracker") !== "" : null;
    let stock;
    if (!has("stock") && tracked === null) stock = void 0;
    else if (tracked === false || /^untracked$/i.test(stockText) || tracked === null && stockText === "") stock = null;
    else {
      const n = stockText === "" ? 0 : Number(stockText);
      stock = Number.isInteger(n) ? Math.max(0, n) : null;
      if (!Number.isInteger(n)) fail("stock", "Must be a whole number or Untracked");
    }
    for (const src of sources2) if (src && !isUrl(src)) fail("images", MSG.invalidUrl);
    let barcode = has("barcode") ? unquoteCode(get("barcode")) : void 0;
    if (barcode && /^\d+(\.\d+)?E\+\d+$/i.test(barcode)) {
      warnings.push({ line, column: "barcode", message: `The barcode ${barcode} was changed by a spreadsheet program; it was not imported` });
      barcode = void 0;
    }
    if (sku) {
      const earlier = skuLines.get(sku.toLowerCase());
      if (earlier !== void 0) fail("sku", `This SKU is already used on row ${earlier}`);
      else skuLines.set(sku.toLowerCase(), line);
    }
    if (rowErrors.length) {
      errors.push(...rowErrors);
      if (group) group.failed = true;
      else groups.set(groupKey, { product: newProduct(), optionNames: names, imagePositions: /* @__PURE__ */ new Map(), failed: true });
      return;
    }
    const current = group ?? { product: newProduct(), optionNames: names, imagePositions: /* @__PURE__ */ new Map(), failed: false };
    const { product } = current;
    if (!group) {
      product.options = names.filter(Boolean).map((name) => ({ name, values: [] }));
      groups.set(groupKey, current);
    }
    const variantValues = product.options.map((option, i) => {
      if (!option.values.includes(values[i])) option.values.push(values[i]);
      return values[i];
    });
    if (format === "marketplace") for (const src of sources2[0].split(/[\s,]+/).filter(Boolean)) addImage(current, local(src), void 0, NaN);
    else {
      if (sources2[0]) addImage(current, local(sources2[0]), alt, position);
      if (sources2[1]) addImage(current, local(sources2[1]), has("imageAlt") ? "" : void 0, NaN);
    }
    if (product.metafields) {
      for (const header2 of metafieldColumns) {
        const [, namespace, key] = METAFIELD_COLUMN.exec(header2);
        const value = (raw[header2.toLowerCase()] ?? "").trim();
        if (value && !product.metafields.some((m) => m.namespace === namespace && m.key === key)) product.metafields.push({ namespace, key, value });
      }
    }
    product.variants.push({
      line,
      id: get("variantId") || null,
      sku,
      price: price2,
      ...has("compareAt") ? { compareAt } : {},
      ...barcode !== void 0 ? { barcode } : {},
      ...weight !== void 0 ? { weight } : {},
      ...weightUnit ? { weightUnit } : {},
      ...stock !== void 0 ? { stock } : {},
      ...has("requiresShipping") ? { requiresShipping: flag2(get("requiresShipping"), true) } : {},
      ...has("taxable") ? { taxable: flag2(get("taxable"), true) } : {},
      options: variantValues,
      ...sources2[1] ? { image: local(sources2[1]) } : {}
    });
    function newProduct() {
      const published = has("published") && get("published") ? isTrue(get("published")) ? "ACTIVE" : "DRAFT" : null;
      return {
        line,
        id: id || null,
        handle: handle || null,
        vendor: vendor2 || null,
        title,
        ...has("body") ? { bodyHtml: get("body") } : {},
        // The platform's Status wins; older files only say whether the product is published.
        status: (get("status") ? STATUS_WORDS[get("status").toLowerCase()] : null) ?? published,
        options: [],
        variants: [],
        ...has("images") || has("variantImage") ? { images: [] } : {},
        ...has("seoTitle") || has("seoDescription") ? { seo: { title: get("seoTitle"), description: get("seoDescription") } } : {},
        ...metafieldColumns.length ? { metafields: [] } : {}
      };
    }
  });
  const products2 = [...groups.values()].filter((g) => !g.failed && g.product.variants.length > 0).map(withOrderedImages);
  errors.sort((a, b) => a.line - b.line);
  return { format, rowCount: parsed.data.length, products: products2, errors, warnings };
}
function addImage(group, src, alt, position) {
  const images = group.product.images ??= [];
  const known = images.find((image) => image.src === src);
  if (known) {
    if (alt && !known.alt) known.alt = alt;
  } else images.push(alt === void 0 ? { src } : { src, alt });
  if (Number.isFinite(position) && !group.imagePositions.has(src)) group.imagePositions.set(src, position);
}
function withOrderedImages({ product, imagePositions }) {
  if (!product.images || imagePositions.size === 0) return product;
  const rank = (src) => imagePositions.get(src) ?? Number.MAX_SAFE_INTEGER;
  return { ...product, images: [...product.images].sort((a, b) => rank(a.src) - rank(b.src)) };
}

// src/server/modules/csv/import-scope.ts
import { and as and36, asc as asc10, eq as eq50, inArray as inArray9, or as or2, sql as sql26 } from "drizzle-orm";

// src/server/modules/products/find-variants-by-sku.ts
import { and as and35, eq as eq49, inArray as inArray8, sql as sql25 } from "drizzle-orm";

// src/server/modules/csv/import-scope.ts
async function getOwnImport(db, auth, importId) {
  const [row] = await db.select().from(csvImports).where(and36(eq50(csvImports.id, importId), eq50(csvImports.storeId, auth.storeId), eq50(csvImports.userId, auth.userId)));
  if (!row) throw notFound("Import not found");
  return row;
}
async function importAuth(ctx2, row) {
  const [user] = await ctx2.db.select().from(users).where(eq50(users.id, row.userId));
  const [vendor2] = row.vendorId ? await ctx2.db.select({ name: vendors.name }).from(vendors).where(eq50(vendors.id, row.vendorId)) : [];
  return {
    userId: row.userId,
    storeId: row.storeId,
    email: user?.email ?? "",
    name: user?.name ?? null,
    isAdmin: user?.isAdmin ?? false,
    vendor: vendor2?.name ?? "*",
    vendorId: row.vendorId
  };
}
var SUFFIXES_PROBED = 10;
async function findMatches(db, scope, batch, decimals) {
  const ids = batch.map((p) => p.id).filter((id) => !!id && isUuid(id));
  const skus = batch.flatMap((p) => p.variants.flatMap((v2) => v2.sku ? [v2.sku.toLowerCase()] : []));
  const handles = batch.flatMap((p) => p.handle && !p.id ? [slugify(p.handle)] : []);
  const probed = handles.flatMap((h) => [h, ...Array.from({ length: SUFFIXES_PROBED }, (_, i) => `${h}-${i + 2}`)]);
  const inScope3 = and36(eq50(products.storeId, scope.storeId), scope.vendorId ? eq50(products.vendorId, scope.vendorId) : void 0);
  const bySku = skus.length ? await db.select({ productId: productVariants.productId, sku: productVariants.sku }).from(productVariants).where(
    and36(
      eq50(productVariants.storeId, scope.storeId),
      inArray9(sql26`lower(${productVariants.sku})`, skus),
      scope.vendorId ? eq50(productVariants.vendorId, scope.vendorId) : void 0
    )
  ) : [];
  const byIdOrHandle = ids.length || handles.length ? await db.select({ id: products.id, handle: products.handle, title: products.title }).from(products).where(and36(inScope3, or2(ids.length ? inArray9(products.id, ids) : void 0, probed.length ? inArray9(products.handle, probed) : void 0))) : [];
  const matchedIds = [.../* @__PURE__ */ new Set([...bySku.map((r) => r.productId), ...byIdOrHandle.map((r) => r.id)])];
  const stored = matchedIds.length ? await db.select().from(products).where(inArray9(products.id, matchedIds)) : [];
  const storedVariants = matchedIds.length ? await db.select().from(productVariants).where(inArray9(productVariants.productId, matchedIds)).orderBy(asc10(productVariants.position)) : [];
  const productOf = new Map(stored.map((p) => [p.id, p]));
  const names = scope.vendorId ? [] : [...new Set(batch.flatMap((p) => p.vendor ? [p.vendor] : []))];
  const vendorIds = new Map(
    names.length ? (await db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(and36(eq50(vendors.storeId, scope.storeId), inArray9(vendors.name, names)))).map((v2) => [v2.name, v2.id]) : []
  );
  const byHandle = (handle, title, fits) => {
    const candidates = byIdOrHandle.filter((r) => fits(r.id));
    const exact = candidates.find((r) => r.handle === handle);
    if (exact) return exact.id;
    const suffixed = candidates.filter((r) => r.handle.startsWith(`${handle}-`) && /^\d+$/.test(r.handle.slice(handle.length + 1)));
    return suffixed.find((r) => r.title.toLowerCase() === title.toLowerCase())?.id;
  };
  return (product) => {
    let productId;
    if (product.id) {
      productId = productOf.has(product.id) ? product.id : void 0;
      if (!productId) return "unknown-id";
    }
    const fits = (id) => !product.vendor || scope.vendorId !== null || productOf.get(id)?.vendorId === vendorIds.get(product.vendor);
    const skus2 = new Set(product.variants.flatMap((v2) => v2.sku ? [v2.sku.toLowerCase()] : []));
    productId ??= bySku.find((r) => skus2.has(r.sku.toLowerCase()) && fits(r.productId))?.productId;
    productId ??= product.handle ? byHandle(slugify(product.handle), product.title, fits) : void 0;
    if (!productId) return null;
    const variants = storedVariants.filter((v2) => v2.productId === productId).map((v2) => variantOut(v2, decimals));
    return { product: productOf.get(productId), variants };
  };
}

// src/server/modules/csv/validate-import.ts
import { eq as eq51, sql as sql27 } from "drizzle-orm";

// src/server/modules/csv/to-product-input.ts
var sameOptions = (a, b) => a.length === b.length && a.every((value, i) => value === b[i]);
function pairVariants(imported, stored) {
  const pairs = imported.map(() => void 0);
  const free = new Set(stored);
  const take = (same2) => imported.forEach((v2, i) => {
    if (pairs[i]) return;
    const found = [...free].find((s) => same2(v2, s));
    if (found) [pairs[i]] = [found, free.delete(found)];
  });
  take((v2, s) => v2.id === s.id);
  take((v2, s) => !!v2.sku && v2.sku.toLowerCase() === s.sku.toLowerCase());
  take((v2, s) => sameOptions(v2.options, s.options));
  return pairs;
}
function toProductInput(product, match, asAdmin) {
  const stored = match?.product;
  const storedMedia = new Map((stored?.media ?? []).map((m) => [m.src, m]));
  const pairs = pairVariants(product.variants, match?.variants ?? []);
  const fileMetafields = product.metafields ?? [];
  const keptMetafields2 = (stored?.metafields ?? []).filter((m) => !fileMetafields.some((f) => f.namespace === m.namespace && f.key === m.key));
  return {
    ...stored ? { id: stored.id } : {},
    title: product.title,
    bodyHtml: product.bodyHtml ?? stored?.bodyHtml ?? "",
    ...product.handle && !stored ? { handle: product.handle } : {},
    ...product.status ? { status: product.status } : {},
    ...asAdmin && product.vendor ? { vendor: product.vendor } : {},
    ...product.seo || stored ? { seo: product.seo ?? stored.seo } : {},
    options: product.options,
    media: product.images ? product.images.map((image) => {
      const known = storedMedia.get(image.src);
      return { src: image.src, alt: image.alt ?? known?.alt ?? "", contentType: known?.contentType ?? "IMAGE" };
    }) : stored?.media ?? [],
    metafields: [...keptMetafields2, ...fileMetafields].map((m) => ({ namespace: m.namespace, key: m.key, value: m.value, ..."type" in m ? { type: m.type } : {} })),
    variants: product.variants.map((v2, i) => {
      const old = pairs[i];
      return {
        ...old ? { id: old.id, dimensions: old.dimensions, localPickup: old.localPickup, metafields: old.metafields } : {},
        sku: v2.sku,
        price: v2.price,
        compareAt: v2.compareAt !== void 0 ? v2.compareAt : old?.compareAt ?? null,
        barcode: v2.barcode ?? old?.barcode ?? "",
        weight: v2.weight ?? old?.weight ?? 0,
        ...v2.weightUnit || old?.weightUnit ? { weightUnit: v2.weightUnit ?? old?.weightUnit } : {},
        // Untracked keeps the stored count: the file says nothing about it.
        trackStock: v2.stock === void 0 ? old?.trackStock ?? false : v2.stock !== null,
        stock: v2.stock ?? old?.stock ?? 0,
        requiresShipping: v2.requiresShipping ?? old?.requiresShipping ?? true,
        taxable: v2.taxable ?? old?.taxable ?? true,
        options: v2.options,
        media: v2.image ? [old?.media.find((m) => m.src === v2.image) ?? { src: v2.image, alt: "", contentType: "IMAGE" }] : old?.media ?? []
      };
    })
  };
}

// src/server/modules/csv/validate-import.ts
var MATCH_BATCH = 500;
async function readImportFile(ctx2, row, auth) {
  const stored = await ctx2.storage.get(row.fileKey);
  if (!stored) throw new AppError("not_found", "The uploaded file is gone; upload it again");
  const chunks = [];
  for await (const chunk of stored.body) chunks.push(chunk);
  const rules = await loadProductRules(ctx2.db, row.storeId);
  return parseProductCsv(Buffer.concat(chunks), {
    isAdmin: auth.isAdmin && !auth.vendorId,
    ownVendor: auth.vendorId ? auth.vendor : void 0,
    defaultWeightUnit: rules.settings.defaultUnits.weight,
    publicUrl: ctx2.config.publicUrl
  });
}
async function validateImport(ctx2, row) {
  const auth = await importAuth(ctx2, row);
  const parsed = await readImportFile(ctx2, row, auth);
  const rules = await loadProductRules(ctx2.db, row.storeId);
  const asAdmin = auth.isAdmin && !auth.vendorId;
  const vendorNames = asAdmin ? new Set((await ctx2.db.select({ name: vendors.name }).from(vendors).where(eq51(vendors.storeId, row.storeId))).map((v2) => v2.name)) : /* @__PURE__ */ new Set();
  const problems = [...parsed.errors];
  let good = 0;
  for (let start = 0; start < parsed.products.length; start += MATCH_BATCH) {
    const batch = parsed.products.slice(start, start + MATCH_BATCH);
    const matchOf = await findMatches(ctx2.db, { storeId: row.storeId, vendorId: row.vendorId }, batch, rules.decimals);
    for (const product of batch) {
      const match = matchOf(product);
      if (match === "unknown-id") {
        problems.push({ line: product.line, column: "id", message: "Product not found" });
        continue;
      }
      if (asAdmin && !product.vendor && !match) {
        problems.push({ line: product.line, column: "vendor", message: "Required field" });
        continue;
      }
      if (asAdmin && product.vendor && !vendorNames.has(product.vendor)) {
        problems.push({ line: product.line, column: "vendor", message: "Unknown vendor" });
        continue;
      }
      try {
        validateProduct(toProductInput(product, match, asAdmin), rules.context);
        good++;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const first = error.errors?.[0];
        problems.push({ line: product.line, column: first?.path, message: first ? first.message : error.message });
      }
    }
  }
  problems.sort((a, b) => a.line - b.line);
  const [saved] = await ctx2.db.update(csvImports).set({
    status: "validated",
    format: parsed.format,
    rowCount: parsed.rowCount,
    productCount: good,
    errorCount: problems.length,
    errors: problems.slice(0, CSV_PROBLEMS_LISTED),
    warnings: parsed.warnings.slice(0, CSV_PROBLEMS_LISTED),
    updatedAt: sql27`now()`
  }).where(eq51(csvImports.id, row.id)).returning();
  return saved;
}

// src/server/modules/csv/run-import.ts
import { eq as eq52, sql as sql28 } from "drizzle-orm";
var CSV_IMPORT_JOB = "product-csv-import";
var IMPORT_BATCH = 100;
var RUN_MS = 6e4;
async function runImport(ctx2, payload, shutdown2) {
  const importId = String(payload.importId);
  const [row] = await ctx2.db.select().from(csvImports).where(eq52(csvImports.id, importId));
  if (!row || row.status !== "importing") return;
  const auth = await importAuth(ctx2, row);
  const asAdmin = auth.isAdmin && !auth.vendorId;
  const parsed = await readImportFile(ctx2, row, auth);
  const rules = await loadProductRules(ctx2.db, row.storeId);
  const startedAt = Date.now();
  let state = { progress: row.progress, created: row.created, updated: row.updated, failed: [...row.failed] };
  do {
    const handOver = Date.now() - startedAt > RUN_MS || shutdown2?.aborted;
    if (handOver && state.progress > row.progress) {
      await ctx2.jobs.enqueue(CSV_IMPORT_JOB, { importId }, { dedupeKey: `${CSV_IMPORT_JOB}:${importId}:${state.progress}` });
      return;
    }
    const from = state.progress;
    const batch = parsed.products.slice(from, from + IMPORT_BATCH);
    const next = await ctx2.db.transaction(async (tx) => {
      const [current] = await tx.select({ progress: csvImports.progress, status: csvImports.status }).from(csvImports).where(eq52(csvImports.id, importId)).for("update");
      if (current?.status !== "importing" || current.progress !== from) return null;
      const out = { ...state, failed: [...state.failed] };
      const matchOf = await findMatches(tx, { storeId: row.storeId, vendorId: row.vendorId }, batch, rules.decimals);
      for (const product of batch) {
        const match = matchOf(product);
        try {
          if (match === "unknown-id") throw new AppError("not_found", "Product not found");
          const input = toProductInput(product, match, asAdmin);
          const result = await createOrUpdateProduct(ctx2, auth, input, { rules, tx, submittedMailKey: `import:${importId}` });
          if (result.created) out.created++;
          else if (result.changed) out.updated++;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          out.failed.push({ line: product.line, column: error.errors?.[0]?.path, message: error.errors?.[0]?.message ?? error.message });
        }
        out.progress++;
      }
      const done = out.progress >= parsed.products.length;
      await tx.update(csvImports).set({ ...out, failed: out.failed.slice(0, CSV_PROBLEMS_LISTED), status: done ? "done" : "importing", updatedAt: sql28`now()` }).where(eq52(csvImports.id, importId));
      return out;
    });
    if (!next) return;
    state = next;
  } while (state.progress < parsed.products.length);
}

// src/server/modules/csv/routes.ts
var tags10 = ["products"];
var ImportParams = z38.object({ importId: z38.uuid({ error: "Import not found" }) });
var toAnswer3 = (row) => ({
  id: row.id,
  status: row.status,
  fileName: row.fileName,
  format: row.format,
  rowCount: row.rowCount,
  productCount: row.productCount,
  errorCount: row.errorCount,
  errors: row.errors,
  warnings: row.warnings,
  progress: row.progress,
  created: row.created,
  updated: row.updated,
  failed: row.failed,
  createdAt: row.createdAt.toISOString()
});
function registerCsvImportRoutes(app2, ctx2) {
  ctx2.jobs.register(CSV_IMPORT_JOB, (payload, job) => runImport(ctx2, payload, job.signal));
  app2.put(
    "/api/product-csv/upload",
    {
      config: { policy: "user" },
      schema: {
        tags: tags10,
        summary: "Start a product CSV import: answers the URL to PUT the file to",
        querystring: z38.object({ name: z38.string().trim().max(255).default("products.csv") }),
        response: { 200: CsvUploadAnswerSchema }
      }
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = randomUUID6();
      await ctx2.db.insert(csvImports).values({
        id,
        storeId: auth.storeId,
        vendorId: auth.vendorId,
        userId: auth.userId,
        fileKey: `${auth.storeId}/imports/${id}.csv`,
        fileName: request.query.name
      });
      return { importId: id, url: `/api/product-csv/imports/${id}/file` };
    }
  );
  app2.register(async (plugin) => {
    const scope = plugin.withTypeProvider();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: CSV_LIMITS.maxBytes }, (_request, body, done) => done(null, body));
    scope.put(
      "/api/product-csv/imports/:importId/file",
      {
        config: { policy: "user" },
        bodyLimit: CSV_LIMITS.maxBytes,
        schema: {
          tags: tags10,
          summary: "Upload the CSV file of an import; answers the validation (per-row problems, nothing written yet)",
          params: ImportParams,
          response: { 200: CsvImportSchema }
        }
      },
      async (request) => {
        const auth = requireAuth(request);
        const row = await getOwnImport(ctx2.db, auth, request.params.importId);
        if (row.status !== "waiting" && row.status !== "validated") throw new AppError("conflict", "This import has already started");
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError("bad_request", "The file is empty");
        await ctx2.storage.put(row.fileKey, body, "text/csv");
        return toAnswer3(await validateImport(ctx2, row));
      }
    );
  });
  app2.post(
    "/api/product-csv/imports/:importId/confirm",
    {
      config: { policy: "user" },
      schema: { tags: tags10, summary: "Import the good products of a validated file (a job; follow it with GET)", params: ImportParams, response: { 202: CsvImportSchema } }
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const row = await getOwnImport(ctx2.db, auth, request.params.importId);
      const [started] = await ctx2.db.update(csvImports).set({ status: "importing", updatedAt: sql29`now()` }).where(and37(eq53(csvImports.id, row.id), eq53(csvImports.status, "validated"))).returning();
      if (!started) throw new AppError("conflict", row.status === "waiting" ? "Upload the file first" : "This import has already started");
      if (started.productCount === 0) throw new AppError("bad_request", "There is nothing to import");
      await ctx2.jobs.enqueue(CSV_IMPORT_JOB, { importId: row.id }, { dedupeKey: `${CSV_IMPORT_JOB}:${row.id}:0` });
      return reply.status(202).send(toAnswer3(started));
    }
  );
  app2.get(
    "/api/product-csv/imports/:importId",
    { config: { policy: "user" }, schema: { tags: tags10, summary: "An import: validation, progress and result", params: ImportParams, response: { 200: CsvImportSchema } } },
    async (request) => toAnswer3(await getOwnImport(ctx2.db, requireAuth(request), request.params.importId))
  );
}

// src/server/modules/orders/routes.ts
import { z as z39 } from "zod";

// src/server/modules/orders/export-orders.ts
import { and as and39, asc as asc11, desc as desc6, eq as eq55, inArray as inArray11, sql as sql31 } from "drizzle-orm";

// src/server/modules/orders/list-orders.ts
import { and as and38, desc as desc5, eq as eq54, gte as gte3, inArray as inArray10, lt as lt4, sql as sql30 } from "drizzle-orm";
var DAY_MS = 24 * 60 * 60 * 1e3;
var ORDER_SEARCH_LIMIT = 1e3;
var PERIOD_DAYS = { week: 7, month: 30, year: 365 };
function dateRange(query, now) {
  const startOfDay = (d) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  let from = null;
  if (query.period === "today") from = startOfDay(now);
  else if (query.period in PERIOD_DAYS) from = new Date(now.getTime() - PERIOD_DAYS[query.period] * DAY_MS);
  if (query.from) from = /* @__PURE__ */ new Date(`${query.from}T00:00:00Z`);
  const to = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : null;
  return { from, to };
}
function listItemOf2(row, extra) {
  const decimals = currencyDecimals(extra.currency);
  const money4 = (minor) => formatMinorUnits(minor, decimals);
  return {
    id: row.id,
    orderId: row.orderId,
    name: row.orderName,
    vendor: extra.vendor,
    customerName: extra.customerName,
    placedAt: row.placedAt.toISOString(),
    fulfillment: row.fulfillment,
    payout: row.payout,
    currency: extra.currency,
    itemCount: extra.itemCount,
    subtotal: money4(row.subtotal),
    discount: money4(row.discount),
    tax: money4(row.tax),
    shipping: money4(row.shipping),
    commission: money4(row.commission),
    vendorShare: money4(row.vendorShare)
  };
}
async function loadListItems(db, where, page2) {
  const newestFirst = [desc5(vendorOrders.placedAt), desc5(vendorOrders.id)];
  const pageIds = db.select({ id: vendorOrders.id }).from(vendorOrders).where(where).orderBy(...newestFirst).limit(page2.limit).offset(page2.offset);
  const rows = await db.select({
    vendorOrder: vendorOrders,
    currency: orders.currency,
    customerName: sql30`coalesce(${orders.customer}->>'name', '')`,
    vendor: vendors.name,
    itemCount: sql30`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.vendor_order_id = ${vendorOrders.id})`
  }).from(vendorOrders).innerJoin(orders, eq54(orders.id, vendorOrders.orderId)).innerJoin(vendors, eq54(vendors.id, vendorOrders.vendorId)).where(inArray10(vendorOrders.id, pageIds)).orderBy(...newestFirst);
  return rows.map((r) => listItemOf2(r.vendorOrder, r));
}
async function orderListVendor(db, auth, query) {
  if (!auth.vendorId && auth.isAdmin && query.vendor) return (await getVendorByName2(db, auth.storeId, query.vendor)).id;
  return auth.vendorId;
}
function orderListWhere(scope, query, now) {
  const conditions = [orderScope(scope)];
  if (query.fulfillment === "unfulfilled") conditions.push(OPEN_ORDER);
  else if (query.fulfillment !== "any") conditions.push(eq54(vendorOrders.fulfillment, query.fulfillment));
  if (query.payout !== "all") conditions.push(eq54(vendorOrders.payout, query.payout));
  const { from, to } = dateRange(query, now);
  if (from) conditions.push(gte3(vendorOrders.placedAt, from));
  if (to) conditions.push(lt4(vendorOrders.placedAt, to));
  if (query.q) {
    const q = query.q.toLowerCase();
    const name = q.startsWith("#") ? q : `#${q}`;
    const own = (alias2) => scope.vendorId ? sql30` and ${sql30.raw(alias2)}.vendor_id = ${scope.vendorId}::uuid` : sql30``;
    conditions.push(
      sql30`${vendorOrders.id} = any(array(
        select m.id from (
          select v1.id from vendor_orders v1 where v1.store_id = ${scope.storeId} and lower(v1.order_name) like ${`${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}${own("v1")}
          union all
          select v2.id from vendor_orders v2 join orders o2 on o2.id = v2.order_id where o2.store_id = ${scope.storeId} and lower(o2.customer->>'email') = ${q}${own("v2")}
        ) m limit ${ORDER_SEARCH_LIMIT}))`
    );
  }
  return and38(...conditions);
}
async function listOrders(ctx2, auth, input) {
  const query = parseOrThrow(OrderListQuerySchema, input);
  const where = orderListWhere({ storeId: auth.storeId, vendorId: await orderListVendor(ctx2.db, auth, query) }, query, ctx2.now());
  const [items, [counts]] = await Promise.all([
    loadListItems(ctx2.db, where, { limit: ORDERS_PER_PAGE, offset: (query.page - 1) * ORDERS_PER_PAGE }),
    ctx2.db.select({
      count: sql30`count(*)::int`,
      payoutDue: sql30`(count(*) filter (where c.payout = 'due'))::int`,
      payoutPaid: sql30`(count(*) filter (where c.payout = 'paid'))::int`
    }).from(
      ctx2.db.select({ payout: vendorOrders.payout }).from(vendorOrders).where(where).limit(ORDER_COUNT_CAP + 1).as("c")
    )
  ]);
  const count2 = Math.min(counts.count, ORDER_COUNT_CAP);
  return {
    orders: items,
    counts: { count: count2, payoutDue: counts.payoutDue, payoutPaid: counts.payoutPaid, capped: counts.count > ORDER_COUNT_CAP },
    pageCount: Math.max(1, Math.ceil(count2 / ORDERS_PER_PAGE))
  };
}

// src/server/modules/orders/export-orders.ts
var ORDER_EXPORT_COLUMNS = [
  "Order",
  "Placed At",
  "Vendor",
  "Buyer",
  "Fulfilment",
  "Payout",
  "Currency",
  "Subtotal",
  "Discount",
  "Tax",
  "Shipping",
  "Commission",
  "Vendor Share",
  "SKU",
  "Item",
  "Variant",
  "Quantity",
  "Fulfilled",
  "Price",
  "Line Commission"
];
async function startOrderExport(ctx2, auth, input) {
  const query = parseOrThrow(OrderListQuerySchema, input);
  const { page: _page, vendor: _vendor, ...filters2 } = query;
  return startExport(ctx2, auth, "orders", { vendorId: await orderListVendor(ctx2.db, auth, query), query: filters2 });
}
var whereOf = (row) => orderListWhere({ storeId: row.storeId, vendorId: row.vendorId }, OrderListQuerySchema.parse(row.query), row.createdAt);
function decodeCursor2(cursor) {
  const [at, id] = cursor.split("|");
  if (!at || !id || Number.isNaN(Date.parse(at))) throw badRequest("Invalid cursor");
  return { at: new Date(at), id };
}
var ORDER_EXPORT = {
  kind: "orders",
  columns: ORDER_EXPORT_COLUMNS,
  screenPath: "/app/orders",
  async count(ctx2, row) {
    const [{ n }] = await ctx2.db.select({ n: sql31`count(*)::int` }).from(vendorOrders).where(whereOf(row));
    return n;
  },
  async page(ctx2, row, cursor, size) {
    const after = cursor ? decodeCursor2(cursor) : null;
    const where = and39(whereOf(row), after ? sql31`(${vendorOrders.placedAt}, ${vendorOrders.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : void 0);
    const parts = await ctx2.db.select({ vendorOrder: vendorOrders, currency: orders.currency, buyer: sql31`coalesce(${orders.customer}->>'name', '')`, vendor: vendors.name }).from(vendorOrders).innerJoin(orders, eq55(orders.id, vendorOrders.orderId)).innerJoin(vendors, eq55(vendors.id, vendorOrders.vendorId)).where(where).orderBy(desc6(vendorOrders.placedAt), desc6(vendorOrders.id)).limit(size + 1);
    const page2 = parts.slice(0, size);
    if (page2.length === 0) return { rows: [], items: 0, cursor: null };
    const lines = await ctx2.db.select().from(orderLines).where(
      inArray11(
        orderLines.vendorOrderId,
        page2.map((p) => p.vendorOrder.id)
      )
    ).orderBy(asc11(orderLines.vendorOrderId), asc11(orderLines.position));
    const rows = page2.flatMap(({ vendorOrder: vo, currency, buyer, vendor: vendor2 }) => {
      const money4 = (minor) => formatMinorUnits(minor, currencyDecimals(currency));
      const head = [vo.orderName, vo.placedAt.toISOString(), vendor2, buyer, vo.fulfillment, vo.payout, currency];
      const totals = [vo.subtotal, vo.discount, vo.tax, vo.shipping, vo.commission, vo.vendorShare].map(money4);
      return lines.filter((l) => l.vendorOrderId === vo.id).map((l) => [...head, ...totals, l.sku, l.title, l.variantTitle, String(l.quantity), String(l.fulfilledQuantity), money4(l.price), money4(l.commission)]);
    });
    const last = page2[page2.length - 1].vendorOrder;
    return { rows, items: page2.length, cursor: parts.length > size ? `${last.placedAt.toISOString()}|${last.id}` : null };
  }
};

// src/server/modules/orders/cancel-refund-by-admin.ts
import { randomUUID as randomUUID7 } from "node:crypto";
import { eq as eq60 } from "drizzle-orm";

// src/server/modules/orders/cancel-order.ts
import { and as and41, eq as eq58 } from "drizzle-orm";

// src/server/modules/finance/ledger.ts
import { and as and40, eq as eq56, inArray as inArray12, isNull as isNull14, sql as sql32 } from "drizzle-orm";
function flagsOf(kind, config2) {
  switch (kind) {
    case "tax":
      return { inPayout: config2.taxInPayout, inSales: config2.includeTax };
    case "shipping":
      return { inPayout: config2.shippingInPayout, inSales: config2.includeShipping };
    case "discount":
      return { inPayout: config2.discountInPayout, inSales: config2.includeDiscount };
    case "sale":
    case "refund":
      return { inPayout: true, inSales: true };
    default:
      return { inPayout: true, inSales: false };
  }
}
var ofVendorOrder = (ref) => ({
  storeId: ref.storeId,
  vendorId: ref.vendorId,
  currency: ref.currency,
  orderId: ref.orderId,
  vendorOrderId: ref.vendorOrderId,
  orderName: ref.orderName
});
var entry = (ref, kind, amount3, config2, occurredAt, extra = {}) => ({
  ...ofVendorOrder(ref),
  kind,
  amount: amount3,
  ...flagsOf(kind, config2),
  occurredAt,
  ...extra
});
async function append(tx, entries) {
  const written = entries.filter((e) => e.amount !== 0);
  if (written.length) await tx.insert(ledgerEntries).values(written);
}
async function recordOrderArrival(tx, ref, lines, shipping, config2, occurredAt) {
  const entries = [];
  for (const line of lines) {
    const at = { orderLineId: line.id };
    entries.push(
      entry(ref, "sale", line.price * line.quantity, config2, occurredAt, at),
      entry(ref, "discount", -line.discount, config2, occurredAt, at),
      entry(ref, "tax", line.tax, config2, occurredAt, at),
      entry(ref, "commission", -line.commission, config2, occurredAt, at)
    );
  }
  entries.push(entry(ref, "shipping", shipping, config2, occurredAt));
  await append(tx, entries);
}
async function recordLineRefund(tx, ref, refund) {
  const { line, alreadyRefunded: before, quantity } = refund;
  const share = (total) => shareOfUnits(total, line.quantity, before, quantity);
  const arrival = await tx.select({ kind: ledgerEntries.kind, inPayout: ledgerEntries.inPayout, inSales: ledgerEntries.inSales }).from(ledgerEntries).where(and40(eq56(ledgerEntries.orderLineId, line.id), isNull14(ledgerEntries.refundId), isNull14(ledgerEntries.reversesEntryId)));
  const flagsOfArrival = (kind) => {
    const found = arrival.find((a) => a.kind === kind);
    return found ? { inPayout: found.inPayout, inSales: found.inSales } : { inPayout: true, inSales: true };
  };
  const make = (kind, amount3, arrivalKind) => ({
    ...ofVendorOrder(ref),
    orderLineId: line.id,
    refundId: refund.refundId,
    kind,
    amount: amount3,
    ...flagsOfArrival(arrivalKind),
    occurredAt: refund.occurredAt,
    memo: refund.memo ?? ""
  });
  await append(tx, [make("refund", -share(line.price * line.quantity), "sale"), make("discount", share(line.discount), "discount"), make("tax", -share(line.tax), "tax"), make("commission", share(line.commission), "commission")]);
}
async function recordShippingRefund(tx, ref, refund) {
  const [arrival] = await tx.select({ inPayout: ledgerEntries.inPayout, inSales: ledgerEntries.inSales }).from(ledgerEntries).where(and40(eq56(ledgerEntries.vendorOrderId, ref.vendorOrderId), eq56(ledgerEntries.kind, "shipping"), isNull14(ledgerEntries.refundId), isNull14(ledgerEntries.reversesEntryId))).limit(1);
  await append(tx, [{ ...entry(ref, "shipping", -refund.amount, refund.config, refund.occurredAt), ...arrival ?? {}, refundId: refund.refundId }]);
}
async function shippingLeft(tx, vendorOrderId) {
  const [row] = await tx.select({ left: sql32`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries).where(and40(eq56(ledgerEntries.vendorOrderId, vendorOrderId), eq56(ledgerEntries.kind, "shipping")));
  return Number(row.left);
}
async function reverseOrderEntries(tx, vendorOrderIds, occurredAt, memo) {
  if (vendorOrderIds.length === 0) return;
  const reversal = sql32`select 1 from ${ledgerEntries} r where r.reverses_entry_id = ${ledgerEntries.id}`;
  const open = await tx.select().from(ledgerEntries).where(and40(inArray12(ledgerEntries.vendorOrderId, [...vendorOrderIds]), isNull14(ledgerEntries.reversesEntryId), isNull14(ledgerEntries.payoutId), sql32`not exists (${reversal})`));
  await append(
    tx,
    open.map(({ id, createdAt: _createdAt, ...original }) => ({ ...original, amount: -original.amount, reversesEntryId: id, occurredAt, memo }))
  );
}
async function recordCommissionChange(tx, ref, change) {
  const { line } = change;
  const kept = (commission) => commission - shareOfUnits(commission, line.quantity, 0, line.refundedQuantity);
  const delta = kept(change.newCommission) - kept(line.commission);
  await append(tx, [{ ...entry(ref, "commission", -delta, NO_FLAGS_NEEDED, change.occurredAt), orderLineId: line.id, memo: "Commission changed by an admin" }]);
}
var NO_FLAGS_NEEDED = { includeDiscount: false, includeShipping: false, includeTax: false, shippingInPayout: false, discountInPayout: false, taxInPayout: false };

// src/server/modules/orders/stock.ts
import { eq as eq57, sql as sql33 } from "drizzle-orm";
async function moveStock(tx, moves) {
  const byVariant = /* @__PURE__ */ new Map();
  for (const move of moves) byVariant.set(move.variantId, (byVariant.get(move.variantId) ?? 0) + move.delta);
  const changed = [...byVariant].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a < b ? -1 : 1);
  if (changed.length === 0) return;
  for (const [variantId, delta] of changed) {
    await tx.update(productVariants).set({ stock: sql33`greatest(${productVariants.stock} + ${delta}, 0)` }).where(eq57(productVariants.id, variantId));
  }
  const productIds = [...new Set(moves.filter((m) => byVariant.get(m.variantId)).map((m) => m.productId))];
  await tx.execute(sql33`
    update products p set
      total_stock = s.total_stock,
      in_stock = s.in_stock
    from (
      select v.product_id,
        coalesce(sum(v.stock) filter (where v.track_stock), 0)::int as total_stock,
        bool_or(not v.track_stock or v.stock > 0) as in_stock
      from product_variants v
      where v.product_id in (${sql33.join(
    productIds.map((id) => sql33`${id}::uuid`),
    sql33`, `
  )})
      group by v.product_id
    ) s
    where p.id = s.product_id`);
}

// src/server/modules/orders/cancel-order.ts
async function cancelOrder(db, storeId, orderId, at, memo = "Order cancelled") {
  return db.transaction(async (tx) => {
    const [order3] = await tx.select({ cancelledAt: orders.cancelledAt }).from(orders).where(and41(eq58(orders.id, orderId), eq58(orders.storeId, storeId))).for("update");
    if (order3.cancelledAt) return { cancelled: false, cancelledAt: order3.cancelledAt };
    await tx.update(orders).set({ cancelledAt: at }).where(eq58(orders.id, orderId));
    const parts = await tx.update(vendorOrders).set({ fulfillment: "cancelled", updatedAt: at }).where(eq58(vendorOrders.orderId, orderId)).returning({ id: vendorOrders.id });
    const lines = await tx.select({ line: orderLines, trackStock: productVariants.trackStock }).from(orderLines).innerJoin(productVariants, eq58(productVariants.id, orderLines.variantId)).where(eq58(orderLines.orderId, orderId));
    await moveStock(
      tx,
      lines.filter((l) => l.trackStock).map(({ line }) => ({ variantId: line.variantId, productId: line.productId, delta: Math.max(0, line.quantity - line.refundedQuantity - line.fulfilledQuantity) }))
    );
    await reverseOrderEntries(
      tx,
      parts.map((p) => p.id),
      at,
      memo
    );
    return { cancelled: true, cancelledAt: at };
  });
}
async function findPlatformOrder(db, storeId, source, platformOrderId) {
  const [order3] = await db.select({ id: orders.id }).from(orders).where(and41(eq58(orders.storeId, storeId), eq58(orders.source, source), eq58(orders.platformOrderId, platformOrderId)));
  return order3 ?? null;
}

// src/server/modules/orders/refund-order.ts
import { and as and42, eq as eq59, inArray as inArray13 } from "drizzle-orm";
async function refundOrder(db, storeId, orderId, request) {
  return db.transaction(async (tx) => {
    const [order3] = await tx.select({ cancelledAt: orders.cancelledAt, currency: orders.currency, name: orders.name }).from(orders).where(and42(eq59(orders.id, orderId), eq59(orders.storeId, storeId))).for("update");
    if (order3.cancelledAt) {
      if (request.clamp) return { refundId: null, amount: 0 };
      throw new AppError("conflict", ORDER_ACTION_MESSAGES.cancelled);
    }
    const [refund] = await tx.insert(orderRefunds).values({ storeId, orderId, sourceRefundId: request.sourceRefundId, lines: request.lines.map(({ lineId, quantity }) => ({ lineId, quantity })), createdBy: request.createdBy ?? null }).onConflictDoNothing().returning({ id: orderRefunds.id });
    if (!refund) return { refundId: null, amount: 0 };
    const lines = await tx.select().from(orderLines).where(eq59(orderLines.orderId, orderId));
    const parts = await tx.select().from(vendorOrders).where(eq59(vendorOrders.orderId, orderId));
    const refOf = (vendorOrderId) => {
      const part = parts.find((p) => p.id === vendorOrderId);
      return { storeId, vendorId: part.vendorId, currency: order3.currency, orderId, vendorOrderId, orderName: part.orderName };
    };
    let amount3 = 0;
    const restock = [];
    for (const [index13, wanted] of request.lines.entries()) {
      const line = lines.find((l) => l.id === wanted.lineId);
      if (!line) throw new AppError("bad_request", ORDER_ACTION_MESSAGES.unknownLine, [{ path: `lines.${index13}.id`, message: ORDER_ACTION_MESSAGES.unknownLine }]);
      const left = line.quantity - line.refundedQuantity;
      const quantity = request.clamp ? Math.min(wanted.quantity, left) : wanted.quantity;
      if (quantity > left) throw new AppError("conflict", ORDER_ACTION_MESSAGES.tooManyRefunded, [{ path: `lines.${index13}.quantity`, message: ORDER_ACTION_MESSAGES.tooManyRefunded }]);
      if (quantity <= 0) continue;
      await recordLineRefund(tx, refOf(line.vendorOrderId), { refundId: refund.id, line, alreadyRefunded: line.refundedQuantity, quantity, occurredAt: request.at });
      const share = (total) => shareOfUnits(total, line.quantity, line.refundedQuantity, quantity);
      amount3 += share(line.price * line.quantity) - share(line.discount) + share(line.tax);
      line.refundedQuantity += quantity;
      await tx.update(orderLines).set({ refundedQuantity: line.refundedQuantity }).where(eq59(orderLines.id, line.id));
      if (wanted.restock && line.variantId && line.productId) restock.push({ variantId: line.variantId, productId: line.productId, delta: quantity });
    }
    if (request.shipping > 0) {
      const lefts = await Promise.all(parts.map((p) => shippingLeft(tx, p.id)));
      const available = lefts.reduce((a, b) => a + b, 0);
      const shipping = request.clamp ? Math.min(request.shipping, available) : request.shipping;
      if (shipping > available) throw new AppError("conflict", ORDER_ACTION_MESSAGES.tooManyRefunded, [{ path: "shipping", message: ORDER_ACTION_MESSAGES.tooManyRefunded }]);
      const { financeConfig } = await readStoreSettings(tx, storeId);
      const shares = shipping > 0 ? allocate(shipping, lefts) : [];
      for (const [index13, part] of parts.entries()) {
        if (shares[index13] > 0) await recordShippingRefund(tx, refOf(part.id), { refundId: refund.id, amount: shares[index13], occurredAt: request.at, config: financeConfig });
      }
      amount3 += shipping;
    }
    const tracked = restock.length ? new Set(
      (await tx.select({ id: productVariants.id }).from(productVariants).where(
        and42(
          inArray13(
            productVariants.id,
            restock.map((r) => r.variantId)
          ),
          eq59(productVariants.trackStock, true)
        )
      )).map((v2) => v2.id)
    ) : /* @__PURE__ */ new Set();
    await moveStock(
      tx,
      restock.filter((r) => tracked.has(r.variantId))
    );
    const fullyRefunded = parts.filter((p) => lines.filter((l) => l.vendorOrderId === p.id).every((l) => l.refundedQuantity >= l.quantity)).map((p) => p.id);
    if (fullyRefunded.length) await tx.update(vendorOrders).set({ fulfillment: "cancelled", updatedAt: request.at }).where(inArray13(vendorOrders.id, fullyRefunded));
    return { refundId: refund.id, amount: amount3 };
  });
}

// src/server/modules/orders/cancel-refund-by-admin.ts
async function localOrderOf(ctx2, auth, vendorOrderId) {
  const part = await getScopedVendorOrder(ctx2.db, auth, vendorOrderId);
  const [order3] = await ctx2.db.select().from(orders).where(eq60(orders.id, part.orderId));
  if (order3.source !== "local") throw new AppError("conflict", ORDER_ACTION_MESSAGES.onPlatform);
  if (order3.cancelledAt) throw new AppError("conflict", ORDER_ACTION_MESSAGES.cancelled);
  return order3;
}
async function cancelOrderByAdmin(ctx2, auth, vendorOrderId) {
  const order3 = await localOrderOf(ctx2, auth, vendorOrderId);
  const lines = await ctx2.db.select({ fulfilled: orderLines.fulfilledQuantity }).from(orderLines).where(eq60(orderLines.orderId, order3.id));
  if (lines.some((l) => l.fulfilled > 0)) throw new AppError("conflict", ORDER_ACTION_MESSAGES.shipped);
  const result = await cancelOrder(ctx2.db, auth.storeId, order3.id, ctx2.now(), "Cancelled by an admin");
  if (!result.cancelled) throw new AppError("conflict", ORDER_ACTION_MESSAGES.cancelled);
  return { orderId: order3.id, cancelledAt: result.cancelledAt.toISOString() };
}
async function refundOrderByAdmin(ctx2, auth, vendorOrderId, input) {
  const order3 = await localOrderOf(ctx2, auth, vendorOrderId);
  const decimals = currencyDecimals(order3.currency);
  if (input.shipping !== void 0 && !isExactAmount(input.shipping, decimals)) {
    throw badRequest(PRODUCT_MESSAGES.tooManyDecimals(decimals), [{ path: "shipping", message: PRODUCT_MESSAGES.tooManyDecimals(decimals) }]);
  }
  const shipping = input.shipping === void 0 ? 0 : toMinorUnits(input.shipping, decimals);
  if (input.lines.length === 0 && shipping === 0) throw badRequest(ORDER_ACTION_MESSAGES.nothingToRefund);
  const result = await refundOrder(ctx2.db, auth.storeId, order3.id, {
    sourceRefundId: randomUUID7(),
    lines: input.lines.map((l) => ({ lineId: l.id, quantity: l.quantity, restock: input.restock })),
    shipping,
    at: ctx2.now(),
    createdBy: auth.userId
  });
  return { refundId: result.refundId, amount: formatMinorUnits(result.amount, decimals), currency: order3.currency };
}

// src/server/modules/orders/fulfill-order.ts
import { and as and43, asc as asc12, eq as eq61, ne as ne3, sql as sql34 } from "drizzle-orm";
async function fulfillOrder(ctx2, auth, id, input) {
  const body = parseOrThrow(FulfillBodySchema, input);
  const fulfillment = await ctx2.db.transaction(async (tx) => {
    const vendorOrder = await getScopedVendorOrder(tx, auth, id, { forUpdate: true });
    if (vendorOrder.fulfillment === "cancelled") throw new AppError("conflict", ORDER_ACTION_MESSAGES.cancelled);
    const lines = await tx.select().from(orderLines).where(eq61(orderLines.vendorOrderId, vendorOrder.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const shipped = /* @__PURE__ */ new Map();
    body.lineItems.forEach((item, index13) => {
      const line = byId.get(item.id);
      if (!line) throw badRequest(ORDER_ACTION_MESSAGES.notFound, [{ path: `lineItems.${index13}.id`, message: ORDER_ACTION_MESSAGES.notFound }]);
      const quantity = (shipped.get(item.id) ?? 0) + item.quantity;
      if (quantity > line.quantity - line.fulfilledQuantity) {
        throw badRequest(ORDER_ACTION_MESSAGES.tooMany, [{ path: `lineItems.${index13}.quantity`, message: ORDER_ACTION_MESSAGES.tooMany }]);
      }
      shipped.set(item.id, quantity);
    });
    for (const [lineId, quantity] of shipped) {
      await tx.update(orderLines).set({ fulfilledQuantity: sql34`${orderLines.fulfilledQuantity} + ${quantity}` }).where(eq61(orderLines.id, lineId));
    }
    const done = lines.every((l) => l.fulfilledQuantity + (shipped.get(l.id) ?? 0) >= l.quantity);
    await tx.update(vendorOrders).set({ fulfillment: done ? "fulfilled" : "partial", updatedAt: ctx2.now() }).where(eq61(vendorOrders.id, vendorOrder.id));
    const [row] = await tx.insert(fulfillments).values({
      storeId: auth.storeId,
      vendorOrderId: vendorOrder.id,
      carrier: body.carrier,
      tracking: body.tracking,
      url: body.url,
      lines: [...shipped].map(([lineId, quantity]) => ({ lineId, quantity })),
      createdBy: auth.userId,
      createdAt: ctx2.now()
    }).returning();
    return row;
  });
  const [next] = await ctx2.db.select({ id: vendorOrders.id }).from(vendorOrders).where(and43(orderScope(auth), OPEN_ORDER, ne3(vendorOrders.id, fulfillment.vendorOrderId))).orderBy(asc12(vendorOrders.placedAt), asc12(vendorOrders.id)).limit(1);
  return {
    fulfillment: {
      id: fulfillment.id,
      carrier: fulfillment.carrier,
      tracking: fulfillment.tracking,
      url: fulfillment.url,
      lines: fulfillment.lines,
      createdAt: fulfillment.createdAt.toISOString()
    },
    nextOrder: next?.id ?? null
  };
}

// src/server/modules/orders/get-order.ts
import { and as and44, asc as asc13, eq as eq62, inArray as inArray14 } from "drizzle-orm";
async function getOrder(ctx2, auth, id) {
  const vendorOrder = await getScopedVendorOrder(ctx2.db, auth, id);
  const [[order3], [vendor2], lines, shipments, settings] = await Promise.all([
    ctx2.db.select().from(orders).where(eq62(orders.id, vendorOrder.orderId)),
    ctx2.db.select({ name: vendors.name }).from(vendors).where(eq62(vendors.id, vendorOrder.vendorId)),
    ctx2.db.select().from(orderLines).where(eq62(orderLines.vendorOrderId, vendorOrder.id)).orderBy(asc13(orderLines.position)),
    ctx2.db.select().from(fulfillments).where(eq62(fulfillments.vendorOrderId, vendorOrder.id)).orderBy(asc13(fulfillments.createdAt)),
    readStoreSettings(ctx2.db, auth.storeId)
  ]);
  const hidden = new Set(auth.isAdmin ? [] : settings.orders.hiddenFields);
  const decimals = currencyDecimals(order3.currency);
  const money4 = (minor) => formatMinorUnits(minor, decimals);
  const variantIds = lines.map((l) => l.variantId).filter((v2) => !!v2);
  const variants = variantIds.length ? await ctx2.db.select({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stock, trackStock: productVariants.trackStock, title: products.title, media: products.media }).from(productVariants).innerJoin(products, eq62(products.id, productVariants.productId)).where(and44(eq62(productVariants.storeId, auth.storeId), inArray14(productVariants.id, variantIds))) : [];
  const adminOrders = auth.isAdmin ? await loadListItems(ctx2.db, and44(eq62(vendorOrders.storeId, auth.storeId), eq62(vendorOrders.orderId, order3.id)), { limit: 100, offset: 0 }) : [];
  return {
    order: {
      ...listItemOf2(vendorOrder, {
        currency: order3.currency,
        customerName: order3.customer.name,
        vendor: vendor2.name,
        itemCount: lines.reduce((sum, l) => sum + l.quantity, 0)
      }),
      customerEmail: hidden.has("customerEmail") ? null : order3.customer.email,
      customerPhone: hidden.has("customerPhone") ? null : order3.customer.phone,
      shippingAddress: order3.shippingAddress,
      billingAddress: hidden.has("billing") ? null : order3.billingAddress,
      total: money4(vendorOrder.subtotal - vendorOrder.discount + vendorOrder.shipping + vendorOrder.tax),
      commissionOverride: vendorOrder.commissionOverride,
      lines: lines.map((l) => ({
        id: l.id,
        productId: l.productId,
        variantId: l.variantId,
        sku: l.sku,
        title: l.title,
        variantTitle: l.variantTitle,
        quantity: l.quantity,
        fulfilledQuantity: l.fulfilledQuantity,
        price: money4(l.price),
        discount: money4(l.discount),
        tax: money4(l.tax),
        commission: money4(l.commission)
      })),
      fulfillments: shipments.map((f) => ({ id: f.id, carrier: f.carrier, tracking: f.tracking, url: f.url, lines: f.lines, createdAt: f.createdAt.toISOString() }))
    },
    adminOrders,
    variantDetails: Object.fromEntries(
      variants.map((v2) => [
        v2.id,
        { productId: v2.productId, productTitle: v2.title, image: v2.media.find((m) => m.contentType === "IMAGE")?.src ?? null, stock: v2.stock, trackStock: v2.trackStock }
      ])
    )
  };
}

// src/server/modules/orders/order-counters.ts
import { and as and45 } from "drizzle-orm";
var registered2 = false;
function registerOrderCounters() {
  if (registered2) return;
  registered2 = true;
  addStatusCounter(async (ctx2, auth) => {
    const n = await countUpTo(ctx2.db, vendorOrders, and45(orderScope(auth), OPEN_ORDER), ORDER_COUNT_CAP + 1);
    return { orders: Math.min(n, ORDER_COUNT_CAP) };
  });
}

// src/server/modules/orders/order-documents.ts
import PDFDocument from "pdfkit";
var ORDER_DOCUMENTS = ["invoice", "slip"];
var TITLES = { invoice: "Invoice", slip: "Packing slip" };
function addressLines(address2) {
  if (!address2) return [];
  return [address2.name, address2.company, address2.street1, address2.street2, [address2.zip, address2.city].filter(Boolean).join(" "), [address2.province, address2.country].filter(Boolean).join(" "), address2.phone].filter(
    (line) => line && line.trim() !== ""
  );
}
async function renderOrderDocument(ctx2, auth, orderId, document) {
  if (!ORDER_DOCUMENTS.includes(document)) throw notFound("Unknown document");
  const kind = document;
  const { order: order3 } = await getOrder(ctx2, auth, orderId);
  const store = await getStore(ctx2.db, auth.storeId);
  const pdf = new PDFDocument({ size: "A4", margin: 50, compress: false, info: { Title: `${TITLES[kind]} ${order3.name}`, Author: store.shopName } });
  const chunks = [];
  pdf.on("data", (chunk) => chunks.push(chunk));
  const done = new Promise((resolve) => pdf.on("end", () => resolve()));
  pdf.fontSize(20).text(TITLES[kind]);
  pdf.moveDown(0.5).fontSize(10).fillColor("#444");
  pdf.text(`${store.shopName} - ${order3.vendor}`);
  pdf.text(`Order ${order3.name}, ${order3.placedAt.slice(0, 10)}`);
  pdf.moveDown().fillColor("#000").fontSize(11).text("Ship to", { underline: true });
  pdf.fontSize(10);
  for (const line of addressLines(order3.shippingAddress)) pdf.text(line);
  if (order3.customerEmail) pdf.text(order3.customerEmail);
  if (kind === "invoice" && order3.billingAddress) {
    pdf.moveDown().fontSize(11).text("Bill to", { underline: true }).fontSize(10);
    for (const line of addressLines(order3.billingAddress)) pdf.text(line);
  }
  pdf.moveDown().fontSize(11).text(kind === "invoice" ? "Items" : "In this parcel", { underline: true }).fontSize(10);
  for (const line of order3.lines) {
    const name = line.variantTitle ? `${line.title} (${line.variantTitle})` : line.title;
    const sku = line.sku ? `  [${line.sku}]` : "";
    pdf.text(kind === "invoice" ? `${line.quantity} x ${name}${sku}   ${order3.currency} ${line.price}` : `${line.quantity} x ${name}${sku}`);
  }
  if (kind === "invoice") {
    pdf.moveDown();
    const totals = [
      ["Subtotal", order3.subtotal],
      ["Discount", order3.discount],
      ["Shipping", order3.shipping],
      ["Tax", order3.tax]
    ];
    for (const [label, amount3] of totals) pdf.text(`${label}: ${order3.currency} ${amount3}`, { align: "right" });
    pdf.fontSize(12).text(`Total: ${order3.currency} ${order3.total}`, { align: "right" });
  }
  pdf.end();
  await done;
  return { pdf: Buffer.concat(chunks), filename: `${kind}-${order3.name.replace(/[^\w-]+/g, "")}.pdf` };
}

// src/server/modules/orders/order-reminders.ts
import { eq as eq63 } from "drizzle-orm";
var ORDER_REMINDER_JOB = "order-reminder";
var HOUR_MS = 60 * 60 * 1e3;
async function scheduleOrderReminders(ctx2, tx, storeId, vendorOrderId, placedAt) {
  const settings = await readNotificationSettings(tx, storeId);
  for (const template of REMINDER_TEMPLATES) {
    if (!settings.templates[template].enabled) continue;
    await ctx2.jobs.enqueue(
      ORDER_REMINDER_JOB,
      { vendorOrderId, template },
      { runAt: reminderSendAt(settings, template, placedAt), dedupeKey: `${ORDER_REMINDER_JOB}:${vendorOrderId}:${template}` },
      tx
    );
  }
}
async function sendOrderReminder(ctx2, payload) {
  const template = String(payload.template);
  if (!REMINDER_TEMPLATES.includes(template)) return;
  const [row] = await ctx2.db.select({ vendorOrder: vendorOrders, vendor: vendors.name }).from(vendorOrders).innerJoin(vendors, eq63(vendors.id, vendorOrders.vendorId)).where(eq63(vendorOrders.id, String(payload.vendorOrderId)));
  if (!row || !OPEN_FULFILLMENTS.includes(row.vendorOrder.fulfillment)) return;
  const { vendorOrder } = row;
  const hours = Math.floor((ctx2.now().getTime() - vendorOrder.placedAt.getTime()) / HOUR_MS);
  for (const email2 of await activeVendorEmails(ctx2.db, vendorOrder.storeId, vendorOrder.vendorId)) {
    await ctx2.mailer.send({
      storeId: vendorOrder.storeId,
      template,
      to: email2,
      vars: {
        vendor: row.vendor,
        order_name: vendorOrder.orderName,
        order_date: vendorOrder.placedAt.toISOString().slice(0, 10),
        hours,
        link: `${ctx2.config.publicUrl}/app/orders/${vendorOrder.id}`
      },
      dedupeKey: `${template}:${vendorOrder.id}:${email2}`
    });
  }
}

// src/server/modules/orders/override-commission.ts
import { and as and46, asc as asc14, eq as eq64 } from "drizzle-orm";
async function overrideOrderCommission(ctx2, auth, input) {
  const body = parseOrThrow(OrderCommissionBodySchema, input);
  const vendor2 = await getVendorByName2(ctx2.db, auth.storeId, body.vendor);
  return ctx2.db.transaction(async (tx) => {
    const [row] = await tx.select({ vendorOrder: vendorOrders, currency: orders.currency }).from(vendorOrders).innerJoin(orders, eq64(orders.id, vendorOrders.orderId)).where(and46(eq64(vendorOrders.storeId, auth.storeId), eq64(vendorOrders.orderId, body.orderId), eq64(vendorOrders.vendorId, vendor2.id))).for("update");
    if (!row) throw notFound(ORDER_ACTION_MESSAGES.notFound);
    const { vendorOrder } = row;
    if (vendorOrder.payout === "paid") throw new AppError("conflict", ORDER_ACTION_MESSAGES.paid);
    if (vendorOrder.fulfillment === "cancelled") throw new AppError("conflict", ORDER_ACTION_MESSAGES.cancelled);
    const lines = await tx.select().from(orderLines).where(eq64(orderLines.vendorOrderId, vendorOrder.id)).orderBy(asc14(orderLines.position));
    const goodsOf = (l) => Math.max(0, l.price * l.quantity - l.discount);
    const rule = { min: 0, max: null, flat: body.flat, percentage: body.percentage };
    const decimals = currencyDecimals(row.currency);
    const { commission } = createCommissionCalculator([rule], { currencyDecimals: decimals })(lines.reduce((sum, l) => sum + goodsOf(l), 0));
    const vendorShare = vendorOrder.subtotal - vendorOrder.discount - commission;
    const perLine = allocate(commission, lines.map(goodsOf));
    const ref = { storeId: auth.storeId, vendorId: vendor2.id, currency: row.currency, orderId: body.orderId, vendorOrderId: vendorOrder.id, orderName: vendorOrder.orderName };
    for (const [index13, line] of lines.entries()) {
      await recordCommissionChange(tx, ref, { line, newCommission: perLine[index13], occurredAt: ctx2.now() });
      await tx.update(orderLines).set({ commission: perLine[index13], commissionLine: { ...rule, source: "override" } }).where(eq64(orderLines.id, line.id));
    }
    await tx.update(vendorOrders).set({
      commission,
      vendorShare,
      commissionOverride: { flat: body.flat, percentage: body.percentage },
      updatedAt: ctx2.now()
    }).where(eq64(vendorOrders.id, vendorOrder.id));
    return { orderId: body.orderId, vendor: vendor2.name, commission: formatMinorUnits(commission, decimals), vendorShare: formatMinorUnits(vendorShare, decimals) };
  });
}

// src/server/modules/orders/place-checkout.ts
import { and as and48, asc as asc15, eq as eq66, inArray as inArray16, sql as sql36 } from "drizzle-orm";

// src/shared/delivery-rates.ts
var WEIGHT_UNIT_GRAMS = {
  GRAMS: 1,
  KILOGRAMS: 1e3,
  OUNCES: 28.349523125,
  POUNDS: 453.59237
};
var upper = (s) => (s ?? "").trim().toUpperCase();
function zoneCoversCart(zone, cart) {
  const country = upper(cart.country);
  const province = upper(cart.province);
  return zone.countries.some(
    (c) => upper(c.code) === country && (!c.provinces?.length || province !== "" && c.provinces.some((p) => upper(p) === province))
  );
}
function applicableRates(zones, cart, options = {}) {
  const gramsPerUnit = WEIGHT_UNIT_GRAMS[options.weightUnit ?? "KILOGRAMS"];
  const decimals = options.currencyDecimals ?? 2;
  const grams = (weight) => Number((weight * gramsPerUnit).toPrecision(12));
  const within = (value, min, max) => (min === null || value >= min) && (max === null || value <= max);
  const found = [];
  zones.forEach((zone, zoneIndex) => {
    if (!zoneCoversCart(zone, cart)) return;
    zone.rates.forEach((rate, rateIndex) => {
      const min = rate.min ?? null;
      const max = rate.max ?? null;
      const applies = rate.field === "TOTAL_WEIGHT" ? within(cart.totalWeight, min === null ? null : grams(min), max === null ? null : grams(max)) : rate.field === "TOTAL_PRICE" ? within(cart.totalPrice, min === null ? null : roundToMinorUnits(min, decimals), max === null ? null : roundToMinorUnits(max, decimals)) : true;
      if (!applies) return;
      found.push({ zoneId: zone.id ?? null, zoneName: zone.zoneName, rate, priceMinor: roundToMinorUnits(rate.price, decimals), order: zoneIndex * 1e5 + rateIndex });
    });
  });
  return found.sort((a, b) => a.priceMinor - b.priceMinor || a.order - b.order).map(({ order: _order, ...rate }) => rate);
}

// src/server/modules/orders/ingest-order.ts
import { and as and47, eq as eq65, inArray as inArray15, sql as sql35 } from "drizzle-orm";
async function ownLines(db, storeId, lines) {
  const ids = lines.map((l) => l.variantId).filter((id) => !!id);
  const skus = lines.filter((l) => !l.variantId && l.sku).map((l) => l.sku.toLowerCase());
  const variantColumns = { id: productVariants.id, productId: productVariants.productId, vendorId: productVariants.vendorId, sku: productVariants.sku, trackStock: productVariants.trackStock };
  const byId = ids.length ? await db.select(variantColumns).from(productVariants).where(and47(eq65(productVariants.storeId, storeId), inArray15(productVariants.id, ids))) : [];
  const bySku = skus.length ? await db.select({ ...variantColumns, vendorName: vendors.name }).from(productVariants).innerJoin(vendors, eq65(vendors.id, productVariants.vendorId)).where(and47(eq65(productVariants.storeId, storeId), inArray15(sql35`lower(${productVariants.sku})`, skus))) : [];
  const names = [...new Set(lines.map((l) => l.vendorName).filter((n) => !!n))];
  const named = names.length ? await db.select({ id: vendors.id, name: vendors.name }).from(vendors).where(and47(eq65(vendors.storeId, storeId), inArray15(vendors.name, names))) : [];
  const owned = [];
  for (const line of lines) {
    const sku = line.sku.toLowerCase();
    const variant = byId.find((v2) => v2.id === line.variantId) ?? (sku ? bySku.find((v2) => v2.sku.toLowerCase() === sku && v2.vendorName === line.vendorName) ?? bySku.find((v2) => v2.sku.toLowerCase() === sku) : void 0);
    const vendorId = variant?.vendorId ?? named.find((v2) => v2.name === line.vendorName)?.id;
    if (!vendorId) continue;
    owned.push({ ...line, vendorId, productId: variant?.productId ?? null, variantId: variant?.id ?? null, trackStock: variant?.trackStock ?? false });
  }
  return owned;
}
async function ingestOrder(ctx2, storeId, incoming, db = ctx2.db) {
  return db.transaction(async (tx) => {
    const lineTotal = (l) => l.price * l.quantity;
    const subtotal = incoming.lines.reduce((sum, l) => sum + lineTotal(l), 0);
    const discount = incoming.lines.reduce((sum, l) => sum + l.discount, 0);
    const tax = incoming.lines.reduce((sum, l) => sum + l.tax, 0);
    const [order3] = await tx.insert(orders).values({
      storeId,
      source: incoming.source,
      platformOrderId: incoming.platformOrderId,
      name: incoming.name,
      currency: incoming.currency,
      customer: incoming.customer,
      shippingAddress: incoming.shippingAddress,
      billingAddress: incoming.billingAddress,
      subtotal,
      shipping: incoming.shipping,
      tax,
      discount,
      total: subtotal - discount + tax + incoming.shipping,
      placedAt: incoming.placedAt
    }).onConflictDoNothing().returning({ id: orders.id });
    if (!order3) {
      const [existing] = await tx.select({ id: orders.id }).from(orders).where(and47(eq65(orders.storeId, storeId), eq65(orders.source, incoming.source), eq65(orders.platformOrderId, incoming.platformOrderId)));
      return { orderId: existing.id, created: false, vendorOrderIds: [] };
    }
    const owned = await ownLines(tx, storeId, incoming.lines);
    const vendorIds = [...new Set(owned.map((l) => l.vendorId))];
    const decimals = currencyDecimals(incoming.currency);
    const { financeConfig } = await readStoreSettings(tx, storeId);
    const goods = vendorIds.map((id) => owned.filter((l) => l.vendorId === id).reduce((sum, l) => sum + Math.max(0, lineTotal(l) - l.discount), 0));
    const shippingShares = vendorIds.length ? allocate(incoming.shipping, goods) : [];
    const vendorOrderIds = [];
    for (const [index13, vendorId] of vendorIds.entries()) {
      const lines = owned.filter((l) => l.vendorId === vendorId);
      const { lines: rules, source } = await resolveCommissionLines(tx, storeId, vendorId);
      const commissionOf = createCommissionCalculator(rules, { currencyDecimals: decimals });
      const priced = lines.map((line) => {
        const result = commissionOf(Math.max(0, lineTotal(line) - line.discount));
        const frozen = result.line ? { min: result.line.min, max: result.line.max ?? null, flat: result.line.flat, percentage: result.line.percentage, source } : { min: 0, max: null, flat: 0, percentage: 0, source };
        return { line, commission: result.commission, frozen };
      });
      const vendorSubtotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
      const vendorDiscount = lines.reduce((sum, l) => sum + l.discount, 0);
      const commission = priced.reduce((sum, p) => sum + p.commission, 0);
      const [vendorOrder] = await tx.insert(vendorOrders).values({
        storeId,
        orderId: order3.id,
        vendorId,
        orderName: incoming.name,
        subtotal: vendorSubtotal,
        discount: vendorDiscount,
        tax: lines.reduce((sum, l) => sum + l.tax, 0),
        shipping: shippingShares[index13],
        commission,
        vendorShare: vendorSubtotal - vendorDiscount - commission,
        placedAt: incoming.placedAt
      }).returning({ id: vendorOrders.id });
      vendorOrderIds.push(vendorOrder.id);
      const written = await tx.insert(orderLines).values(
        priced.map(({ line, commission: lineCommission, frozen }, position) => ({
          storeId,
          orderId: order3.id,
          vendorOrderId: vendorOrder.id,
          vendorId,
          platformLineId: line.platformLineId,
          productId: line.productId,
          variantId: line.variantId,
          sku: line.sku,
          title: line.title,
          variantTitle: line.variantTitle,
          quantity: line.quantity,
          price: line.price,
          discount: line.discount,
          tax: line.tax,
          commission: lineCommission,
          commissionLine: frozen,
          position
        }))
      ).returning({ id: orderLines.id });
      await recordOrderArrival(
        tx,
        { storeId, vendorId, currency: incoming.currency, orderId: order3.id, vendorOrderId: vendorOrder.id, orderName: incoming.name },
        priced.map(({ line, commission: lineCommission }, position) => ({ id: written[position].id, price: line.price, quantity: line.quantity, discount: line.discount, tax: line.tax, commission: lineCommission })),
        shippingShares[index13],
        financeConfig,
        incoming.placedAt
      );
      await mailVendor2(ctx2, tx, storeId, { vendorId, vendorOrderId: vendorOrder.id, incoming, lines, total: vendorSubtotal - vendorDiscount });
      await scheduleOrderReminders(ctx2, tx, storeId, vendorOrder.id, incoming.placedAt);
    }
    await moveStock(tx, owned.filter((l) => l.variantId && l.trackStock).map((l) => ({ variantId: l.variantId, productId: l.productId, delta: -l.quantity })));
    return { orderId: order3.id, created: true, vendorOrderIds };
  });
}
async function mailVendor2(ctx2, tx, storeId, sale) {
  const { incoming } = sale;
  const [vendor2] = await tx.select({ name: vendors.name }).from(vendors).where(eq65(vendors.id, sale.vendorId));
  for (const email2 of await activeVendorEmails(tx, storeId, sale.vendorId)) {
    await ctx2.mailer.send(
      {
        storeId,
        template: "order-placed",
        to: email2,
        vars: {
          vendor: vendor2.name,
          order_name: incoming.name,
          order_date: incoming.placedAt.toISOString().slice(0, 10),
          customer_name: incoming.customer.name,
          line_items: sale.lines.map((l) => ({ title: l.variantTitle ? `${l.title} (${l.variantTitle})` : l.title, sku: l.sku, quantity: l.quantity, price: formatMoney(l.price, incoming.currency) })),
          total: formatMoney(sale.total, incoming.currency),
          link: `${ctx2.config.publicUrl}/app/orders/${sale.vendorOrderId}`
        },
        dedupeKey: `order-placed:${sale.vendorOrderId}:${email2}`
      },
      tx
    );
  }
}

// src/server/modules/orders/place-checkout.ts
async function cartLines(db, storeId, body) {
  const ids = [...new Set(body.lines.map((l) => l.variantId))];
  const rows = await db.select({ variant: productVariants, title: products.title }).from(productVariants).innerJoin(products, eq66(products.id, productVariants.productId)).where(and48(eq66(productVariants.storeId, storeId), inArray16(productVariants.id, ids), eq66(products.approved, true), eq66(products.status, "ACTIVE")));
  const byId = new Map(rows.map((r) => [r.variant.id, r]));
  const wanted = /* @__PURE__ */ new Map();
  body.lines.forEach((line, index13) => {
    if (!byId.has(line.variantId)) throw badRequest(ORDER_MESSAGES.notForSale, [{ path: `lines.${index13}.variantId`, message: ORDER_MESSAGES.notForSale }]);
    wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  });
  return [...wanted].map(([variantId, quantity]) => {
    const { variant, title } = byId.get(variantId);
    return {
      variantId,
      productId: variant.productId,
      vendorId: variant.vendorId,
      title,
      variantTitle: variant.options.join(" / "),
      sku: variant.sku,
      price: variant.price,
      quantity,
      grams: variant.weight * (WEIGHT_UNIT_GRAMS[variant.weightUnit] ?? 1e3),
      requiresShipping: variant.requiresShipping
    };
  });
}
async function reserveStock(tx, lines) {
  const locked = await tx.select({ id: productVariants.id, trackStock: productVariants.trackStock, stock: productVariants.stock }).from(productVariants).where(
    inArray16(
      productVariants.id,
      lines.map((l) => l.variantId)
    )
  ).orderBy(asc15(productVariants.id)).for("update");
  for (const variant of locked) {
    const line = lines.find((l) => l.variantId === variant.id);
    if (variant.trackStock && variant.stock < line.quantity) {
      throw new AppError("conflict", ORDER_MESSAGES.outOfStock, [{ path: "lines", message: `Only ${variant.stock} left of ${line.title}` }]);
    }
  }
}
async function shippingOf(db, storeId, lines, address2, options) {
  const zonesOf = (vendorId) => listDeliveryZones(db, { storeId, vendorId });
  const marketplace = await zonesOf(null);
  let total = 0;
  for (const vendorId of new Set(lines.map((l) => l.vendorId))) {
    const shipped = lines.filter((l) => l.vendorId === vendorId && l.requiresShipping);
    if (shipped.length === 0) continue;
    const own = await zonesOf(vendorId);
    const cart = {
      country: address2.country,
      province: address2.province || null,
      totalWeight: shipped.reduce((sum, l) => sum + l.grams * l.quantity, 0),
      totalPrice: shipped.reduce((sum, l) => sum + l.price * l.quantity, 0)
    };
    const [cheapest] = applicableRates(own.length ? own : marketplace, cart, { weightUnit: options.weightUnit, currencyDecimals: options.decimals });
    if (!cheapest) throw badRequest(ORDER_MESSAGES.noDelivery, [{ path: "address.country", message: ORDER_MESSAGES.noDelivery }]);
    total += cheapest.priceMinor;
  }
  return total;
}
async function placeCheckout(ctx2, storeId, body) {
  const settings = await readStoreSettings(ctx2.db, storeId);
  const decimals = currencyDecimals(settings.currency);
  const lines = await cartLines(ctx2.db, storeId, body);
  const shipping = await shippingOf(ctx2.db, storeId, lines, body.address, { weightUnit: settings.defaultUnits.weight, decimals });
  const { orderId } = await ctx2.db.transaction(async (tx) => {
    const [known] = await tx.select({ id: orders.id }).from(orders).where(and48(eq66(orders.storeId, storeId), eq66(orders.source, "local"), eq66(orders.platformOrderId, body.checkoutId)));
    if (known) return { orderId: known.id };
    await reserveStock(tx, lines);
    await tx.execute(sql36`select pg_advisory_xact_lock(hashtext(${`order-number:${storeId}`}))`);
    const [{ next }] = (await tx.execute(sql36`
        select coalesce(max(substring(name from 2)::int), 1000) + 1 as next
        from orders where store_id = ${storeId} and source = 'local' and name ~ '^#[0-9]{1,9}$'`)).rows;
    return ingestOrder(
      ctx2,
      storeId,
      {
        source: "local",
        platformOrderId: body.checkoutId,
        name: `#${next}`,
        currency: settings.currency,
        customer: { name: body.address.name, email: body.email, phone: body.address.phone },
        shippingAddress: body.address,
        billingAddress: null,
        lines: lines.map((l) => ({
          platformLineId: l.variantId,
          variantId: l.variantId,
          sku: l.sku,
          vendorName: null,
          title: l.title,
          variantTitle: l.variantTitle,
          quantity: l.quantity,
          price: l.price,
          discount: 0,
          tax: 0
        })),
        shipping,
        placedAt: ctx2.now()
      },
      tx
    );
  });
  const [order3] = await ctx2.db.select({ name: orders.name, subtotal: orders.subtotal, shipping: orders.shipping, total: orders.total }).from(orders).where(eq66(orders.id, orderId));
  return {
    orderId,
    name: order3.name,
    currency: settings.currency,
    subtotal: formatMinorUnits(order3.subtotal, decimals),
    shipping: formatMinorUnits(order3.shipping, decimals),
    total: formatMinorUnits(order3.total, decimals)
  };
}

// src/server/modules/orders/routes.ts
var CHECKOUT_RATE_LIMIT = { max: 30, timeWindow: "1 minute" };
var tags11 = ["orders"];
var OrderIdParams = z39.object({ orderId: z39.string().max(100) });
function registerOrderRoutes(app2, ctx2) {
  ctx2.jobs.register(ORDER_REMINDER_JOB, (payload) => sendOrderReminder(ctx2, payload));
  registerOrderCounters();
  app2.get(
    "/api/orders",
    {
      config: { policy: "user" },
      schema: {
        tags: tags11,
        summary: "The caller's vendor orders, newest first (25 a page), with counts by payout state",
        querystring: OrderListQuerySchema,
        response: { 200: OrderListAnswerSchema }
      }
    },
    async (request) => listOrders(ctx2, requireAuth(request), request.query)
  );
  app2.get(
    "/api/orders/:orderId",
    {
      config: { policy: "user" },
      schema: {
        tags: tags11,
        summary: "A vendor order with its lines, shipments and buyer (hidden fields withheld from vendors); admins also get every vendor's part",
        params: OrderIdParams,
        response: { 200: OrderDetailAnswerSchema }
      }
    },
    async (request) => getOrder(ctx2, requireAuth(request), request.params.orderId)
  );
  app2.post(
    "/api/orders/:orderId/fulfill",
    {
      config: { policy: "user" },
      schema: {
        tags: tags11,
        summary: "Ship lines of a vendor order (carrier, tracking, url); answers the shipment and the next order to fulfil",
        params: OrderIdParams,
        body: FulfillBodySchema,
        response: { 200: FulfillAnswerSchema }
      }
    },
    async (request) => fulfillOrder(ctx2, requireAuth(request), request.params.orderId, request.body)
  );
  app2.post(
    "/api/orders/:orderId/cancel",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags11,
        summary: "Cancel a built-in storefront order (every vendor part of it) while nothing has shipped: stock returned, ledger entries reversed",
        params: OrderIdParams,
        response: { 200: CancelAnswerSchema }
      }
    },
    async (request) => cancelOrderByAdmin(ctx2, requireAuth(request), request.params.orderId)
  );
  app2.post(
    "/api/orders/:orderId/refunds",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags11,
        summary: "Refund units of the lines and shipping of a built-in storefront order: stock returned (restock), refund entries in the vendors' ledgers",
        params: OrderIdParams,
        body: RefundBodySchema,
        response: { 201: RefundAnswerSchema }
      }
    },
    async (request, reply) => reply.status(201).send(await refundOrderByAdmin(ctx2, requireAuth(request), request.params.orderId, request.body))
  );
  app2.post(
    "/api/orders/export",
    {
      config: { policy: "user", rateLimit: EXPORT_RATE_LIMIT },
      schema: {
        tags: tags11,
        summary: "Export the filtered order list as CSV (one row per line), in the background; poll GET orders/exports/{exportId}",
        querystring: OrderListQuerySchema,
        response: { 202: ExportStartedSchema }
      }
    },
    async (request, reply) => reply.status(202).send(await startOrderExport(ctx2, requireAuth(request), request.query))
  );
  registerExportRoutes(app2, ctx2, ORDER_EXPORT, tags11);
  app2.get(
    "/api/orders/:orderId/documents/:document",
    {
      config: { policy: "user" },
      schema: {
        tags: tags11,
        summary: "The invoice or the packing slip of a vendor order, as a PDF",
        params: z39.object({ orderId: z39.string().max(100), document: z39.string().max(20) })
      }
    },
    async (request, reply) => {
      const { pdf, filename } = await renderOrderDocument(ctx2, requireAuth(request), request.params.orderId, request.params.document);
      return reply.header("content-type", "application/pdf").header("content-disposition", `attachment; filename="${filename}"`).send(pdf);
    }
  );
  app2.put(
    "/api/orders/commission",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags11,
        summary: "An admin's commission for one vendor on one order (flat + percentage), while it is not paid out",
        body: OrderCommissionBodySchema,
        response: { 200: OrderCommissionAnswerSchema }
      }
    },
    async (request) => overrideOrderCommission(ctx2, requireAuth(request), request.body)
  );
  app2.post(
    "/api/storefront/checkout",
    {
      config: { policy: "public", rateLimit: CHECKOUT_RATE_LIMIT },
      schema: {
        tags: ["orders"],
        summary: "The built-in storefront's checkout: an order of approved, active products, priced, shipped and stocked by the server",
        body: CheckoutBodySchema,
        response: { 200: CheckoutAnswerSchema }
      }
    },
    async (request) => {
      const store = await resolvePublicStore(ctx2, request.body.store, request.hostname);
      return placeCheckout(ctx2, store.id, request.body);
    }
  );
}

// src/server/modules/finance/routes.ts
import { z as z42 } from "zod";

// src/shared/schemas/finance.ts
import { z as z40 } from "zod";
var LEDGER_KINDS = ["sale", "commission", "shipping", "tax", "discount", "refund", "label_cost", "payout", "manual_payment", "adjustment"];
var TRANSACTIONS_PER_PAGE = 25;
var TRANSACTION_PAGE_CAP = ORDER_PAGE_CAP;
var TRANSACTION_COUNT_CAP = TRANSACTIONS_PER_PAGE * TRANSACTION_PAGE_CAP;
var DAY2 = /^\d{4}-\d{2}-\d{2}$/;
var daySchema2 = z40.string().refine((d) => DAY2.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "Must be a date like 2025-03-14");
var TransactionListQuerySchema = z40.strictObject({
  page: z40.coerce.number().int("Must be a whole number").min(1, "Must be at least 1").max(TRANSACTION_PAGE_CAP, `Must be at most ${TRANSACTION_PAGE_CAP}`).default(1),
  from: daySchema2.optional(),
  to: daySchema2.optional(),
  period: z40.enum(ORDER_PERIODS).default("week"),
  /** An order number or its start ("#1042", "104"). */
  q: z40.string().trim().max(200).optional(),
  /** The kind of entry ("all", or one of LEDGER_KINDS; "payout" also finds manual payments). */
  payment: z40.enum(["all", ...LEDGER_KINDS]).default("all"),
  /** Whether the vendor order is paid out yet (payments themselves count as paid). */
  payout: z40.enum(PAYOUT_FILTERS).default("all"),
  /** An admin's vendor (its name); ignored for vendors, who see their own only. */
  requestedVendor: z40.string().trim().max(200).optional()
});
var TransactionSchema = z40.object({
  id: z40.string(),
  kind: z40.enum(LEDGER_KINDS),
  /** Signed decimal text in `currency`, from the vendor's side (+ owed to the vendor). */
  amount: z40.string(),
  currency: z40.string(),
  vendor: z40.string(),
  orderId: z40.string().nullable(),
  vendorOrderId: z40.string().nullable(),
  orderName: z40.string(),
  payoutId: z40.string().nullable(),
  /** The vendor order's payout state; "paid" for payments; null for entries of no order. */
  payout: z40.enum(PAYOUT_FILTERS).exclude(["all"]).nullable(),
  /** Whether it counts in the vendor's balance (financeConfig when it was written). */
  inPayout: z40.boolean(),
  reversesId: z40.string().nullable(),
  occurredAt: z40.string(),
  memo: z40.string()
});
var TransactionAggsSchema = z40.object({
  currency: z40.string(),
  count: z40.number(),
  /** Goods sold, and refunded (negative). */
  sales: z40.string(),
  refunds: z40.string(),
  discount: z40.string(),
  shipping: z40.string(),
  tax: z40.string(),
  /** The marketplace's commission, negative from the vendor's side. */
  commission: z40.string(),
  labelCosts: z40.string(),
  payouts: z40.string(),
  adjustments: z40.string(),
  /** Sales with tax, shipping and discount as financeConfig's include* flags said when each entry was written. */
  grossSales: z40.string(),
  /** What the filtered entries add to the vendors' balance. */
  net: z40.string(),
  /** What the marketplace owes the vendor(s) now: every entry of the scope that counts in payouts, whatever the filters. */
  balance: z40.string()
});
var TransactionListAnswerSchema = z40.object({
  transactions: z40.array(TransactionSchema),
  count: z40.number(),
  pageCount: z40.number(),
  aggs: z40.array(TransactionAggsSchema),
  /** The oldest entry of the scope (for the date range picker), null when there is none. */
  firstTransactionAt: z40.string().nullable()
});
var PAYOUT_MESSAGES = {
  nothingToPay: "Nothing to pay",
  alreadyPaid: "Already paid",
  notManual: "Not a manual payment",
  notFound: "Transaction not found"
};
var PayoutLinesSchema = z40.array(z40.strictObject({ orderName: z40.string().trim().min(1).max(100), vendor: z40.string().trim().min(1).max(200) })).min(1, "Choose what to pay").max(1e3);
var PreparePayoutBodySchema = z40.strictObject({ payoutLines: PayoutLinesSchema });
var PayoutAllocationSchema = z40.object({
  vendor: z40.string(),
  currency: z40.string(),
  /** What paying these lines pays: the vendor's balance less what its other due orders hold (decimal text). */
  amount: z40.string(),
  orderNames: z40.array(z40.string()),
  /** false when there is nothing to pay (the amount is 0 or less, e.g. after a refund of a paid order). */
  payable: z40.boolean()
});
var PreparePayoutAnswerSchema = z40.object({
  /** Stripe's available platform balance in the payout's currency (the store's when several); null while Stripe is not connected or not reachable. */
  stripeBalance: z40.string().nullable(),
  total: z40.array(z40.object({ currency: z40.string(), amount: z40.string() })),
  allocations: z40.array(PayoutAllocationSchema)
});
var PayBodySchema = z40.strictObject({
  payoutLines: PayoutLinesSchema,
  /** The method per vendor name; manual when absent. */
  methods: z40.record(z40.string(), z40.enum(["manual", "stripe", "paypal"])).default({}),
  manual: z40.strictObject({ paidAt: daySchema2.or(z40.iso.datetime()).optional(), details: z40.string().trim().max(1e3).default("") }).default({ details: "" })
});
var PayAnswerSchema = z40.object({
  results: z40.array(
    z40.object({
      vendor: z40.string(),
      currency: z40.string(),
      amount: z40.string(),
      method: z40.enum(["manual", "stripe", "paypal"]),
      /** pending: recorded, the provider has not confirmed it yet (the recovery asks it again). */
      status: z40.enum(["paid", "failed", "pending"]),
      /** The payment's ledger entry (the transactionId DELETE payment/manual takes for a manual one), when recorded. */
      transactionId: z40.string().nullable(),
      message: z40.string().nullable()
    })
  )
});
var DeleteManualPaymentBodySchema = z40.strictObject({ transactionId: z40.uuid({ error: PAYOUT_MESSAGES.notFound }) });

// src/server/modules/finance/list-transactions.ts
import { and as and49, desc as desc7, eq as eq67, gte as gte4, inArray as inArray17, lt as lt5, sql as sql37 } from "drizzle-orm";
function ledgerScope(scope) {
  return and49(eq67(ledgerEntries.storeId, scope.storeId), scope.vendorId ? eq67(ledgerEntries.vendorId, scope.vendorId) : void 0);
}
var PAYMENT_KINDS = sql37`${ledgerEntries.kind} in ('payout', 'manual_payment')`;
var payoutOf = sql37`(select vo.payout from ${vendorOrders} vo where vo.id = ${ledgerEntries.vendorOrderId})`;
function transactionWhere(scope, query, now) {
  const conditions = [ledgerScope(scope)];
  const { from, to } = dateRange(query, now);
  if (from) conditions.push(gte4(ledgerEntries.occurredAt, from));
  if (to) conditions.push(lt5(ledgerEntries.occurredAt, to));
  if (query.payment === "payout") conditions.push(PAYMENT_KINDS);
  else if (query.payment !== "all") conditions.push(eq67(ledgerEntries.kind, query.payment));
  if (query.payout === "paid") conditions.push(sql37`(${PAYMENT_KINDS} or ${payoutOf} = 'paid')`);
  else if (query.payout === "due") conditions.push(sql37`${payoutOf} = 'due'`);
  if (query.q) {
    const q = query.q.toLowerCase();
    const name = q.startsWith("#") ? q : `#${q}`;
    conditions.push(sql37`lower(${ledgerEntries.orderName}) like ${`${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  return and49(...conditions);
}
var sumOf = (condition) => sql37`coalesce(sum(${ledgerEntries.amount}) filter (where ${condition}), 0)`;
async function listTransactions(ctx2, auth, input) {
  const query = parseOrThrow(TransactionListQuerySchema, input);
  const scope = await resolveVendorScope(ctx2.db, auth, query.requestedVendor);
  const where = transactionWhere(scope, query, ctx2.now());
  const newestFirst = [desc7(ledgerEntries.occurredAt), desc7(ledgerEntries.id)];
  const pageIds = ctx2.db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(where).orderBy(...newestFirst).limit(TRANSACTIONS_PER_PAGE).offset((query.page - 1) * TRANSACTIONS_PER_PAGE);
  const [rows, [counted], totals, balances, [first]] = await Promise.all([
    ctx2.db.select({ entry: ledgerEntries, vendor: vendors.name, payout: payoutOf }).from(ledgerEntries).innerJoin(vendors, eq67(vendors.id, ledgerEntries.vendorId)).where(inArray17(ledgerEntries.id, pageIds)).orderBy(...newestFirst),
    ctx2.db.select({ n: sql37`count(*)::int` }).from(
      ctx2.db.select({ one: sql37`1` }).from(ledgerEntries).where(where).limit(TRANSACTION_COUNT_CAP + 1).as("c")
    ),
    ctx2.db.select({
      currency: ledgerEntries.currency,
      count: sql37`count(*)::int`,
      sales: sumOf(sql37`${ledgerEntries.kind} = 'sale'`),
      refunds: sumOf(sql37`${ledgerEntries.kind} = 'refund'`),
      discount: sumOf(sql37`${ledgerEntries.kind} = 'discount'`),
      shipping: sumOf(sql37`${ledgerEntries.kind} = 'shipping'`),
      tax: sumOf(sql37`${ledgerEntries.kind} = 'tax'`),
      commission: sumOf(sql37`${ledgerEntries.kind} = 'commission'`),
      labelCosts: sumOf(sql37`${ledgerEntries.kind} = 'label_cost'`),
      payouts: sumOf(PAYMENT_KINDS),
      adjustments: sumOf(sql37`${ledgerEntries.kind} = 'adjustment'`),
      grossSales: sumOf(sql37`${ledgerEntries.inSales}`),
      net: sumOf(sql37`${ledgerEntries.inPayout}`)
    }).from(ledgerEntries).where(where).groupBy(ledgerEntries.currency),
    vendorBalances(ctx2.db, scope),
    ctx2.db.select({ at: ledgerEntries.occurredAt }).from(ledgerEntries).where(ledgerScope(scope)).orderBy(ledgerEntries.occurredAt).limit(1)
  ]);
  const count2 = Math.min(counted.n, TRANSACTION_COUNT_CAP);
  const money4 = (minor, currency) => formatMinorUnits(Number(minor), currencyDecimals(currency));
  const currencies = [.../* @__PURE__ */ new Set([...totals.map((t) => t.currency), ...balances.map((b) => b.currency)])].sort();
  return {
    transactions: rows.map(({ entry: entry2, vendor: vendor2, payout }) => ({
      id: entry2.id,
      kind: entry2.kind,
      amount: money4(entry2.amount, entry2.currency),
      currency: entry2.currency,
      vendor: vendor2,
      orderId: entry2.orderId,
      vendorOrderId: entry2.vendorOrderId,
      orderName: entry2.orderName,
      payoutId: entry2.payoutId,
      payout: entry2.kind === "payout" || entry2.kind === "manual_payment" ? "paid" : payout ?? null,
      inPayout: entry2.inPayout,
      reversesId: entry2.reversesEntryId,
      occurredAt: entry2.occurredAt.toISOString(),
      memo: entry2.memo
    })),
    count: count2,
    pageCount: Math.max(1, Math.ceil(count2 / TRANSACTIONS_PER_PAGE)),
    aggs: currencies.map((currency) => {
      const t = totals.find((x) => x.currency === currency);
      const figure = (key) => money4(t ? t[key] : 0, currency);
      return {
        currency,
        count: t?.count ?? 0,
        sales: figure("sales"),
        refunds: figure("refunds"),
        discount: figure("discount"),
        shipping: figure("shipping"),
        tax: figure("tax"),
        commission: figure("commission"),
        labelCosts: figure("labelCosts"),
        payouts: figure("payouts"),
        adjustments: figure("adjustments"),
        grossSales: figure("grossSales"),
        net: figure("net"),
        balance: money4(balances.find((b) => b.currency === currency)?.balance ?? 0, currency)
      };
    }),
    firstTransactionAt: first?.at.toISOString() ?? null
  };
}
async function vendorBalances(db, scope) {
  const rows = await db.select({ currency: ledgerEntries.currency, balance: sql37`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries).where(and49(ledgerScope(scope), eq67(ledgerEntries.inPayout, true))).groupBy(ledgerEntries.currency);
  return rows.map((r) => ({ currency: r.currency, balance: Number(r.balance) }));
}

// src/server/modules/finance/payouts.ts
import { and as and53, asc as asc17, eq as eq71, inArray as inArray18, isNull as isNull16, notInArray as notInArray2, sql as sql38 } from "drizzle-orm";

// src/shared/schemas/payments.ts
import { z as z41 } from "zod";
var PAYMENT_MESSAGES = {
  secretKeyPrefix: "Must starts with sk_",
  secretKeyLength: "Must be at least 32 characters",
  invalidVenmo: "Must be a Venmo username (5 to 30 letters, digits, - or _)",
  chooseVendor: "Switch to a vendor first",
  stripeNotConnected: "Stripe is not connected to this marketplace",
  paypalNotConnected: "PayPal is not connected to this marketplace",
  noStripeAccount: "Connect a Stripe account first",
  stripeAccountExists: "A Stripe account is already connected",
  onboardingNotDone: "Finish the Stripe onboarding first",
  vendorNotConnected: "The vendor has not connected {provider}"
};
var PAYMENT_PROVIDERS = ["stripe", "paypal"];
var StripeKeyBodySchema = z41.strictObject({
  secretKey: z41.string({ error: MSG.required }).trim().min(1, MSG.required).max(500).refine((key) => key.startsWith("sk_"), PAYMENT_MESSAGES.secretKeyPrefix).refine((key) => key.length >= 32, PAYMENT_MESSAGES.secretKeyLength)
});
var StripeKeyAnswerSchema = z41.object({ active: z41.boolean(), isTestKey: z41.boolean().nullable() });
var PayPalKeyBodySchema = z41.strictObject({
  clientId: requiredText(200),
  clientSecret: requiredText(200),
  isSandbox: z41.boolean({ error: MSG.required })
});
var PayPalKeyAnswerSchema = z41.object({ active: z41.boolean(), isSandbox: z41.boolean().nullable() });
var VENMO = /^@?[A-Za-z0-9_-]{5,30}$/;
var PayPalRegisterBodySchema = z41.strictObject({ emailOrVenmo: requiredText(254), type: z41.enum(["EMAIL", "USER_HANDLE"], { error: MSG.required }) }).superRefine((body, ctx2) => {
  if (body.type === "EMAIL" && !EmailSchema.safeParse(body.emailOrVenmo).success) ctx2.addIssue({ code: "custom", path: ["emailOrVenmo"], message: MSG.invalidEmail });
  if (body.type === "USER_HANDLE" && !VENMO.test(body.emailOrVenmo)) ctx2.addIssue({ code: "custom", path: ["emailOrVenmo"], message: PAYMENT_MESSAGES.invalidVenmo });
}).transform((body) => ({ type: body.type, emailOrVenmo: body.type === "EMAIL" ? body.emailOrVenmo.toLowerCase() : body.emailOrVenmo.replace(/^@/, "") }));
var StripeRegisterBodySchema = z41.strictObject({
  email: EmailSchema,
  country: z41.string({ error: MSG.required }).trim().toUpperCase().regex(/^[A-Z]{2}$/, "Must be a country code like NL")
});
var PayoutUnregisterQuerySchema = z41.strictObject({ provider: z41.enum(PAYMENT_PROVIDERS).optional() });
var StripeAccountSchema = z41.object({
  id: z41.string(),
  email: z41.string().nullable(),
  country: z41.string().nullable(),
  detailsSubmitted: z41.boolean(),
  chargesEnabled: z41.boolean(),
  payoutsEnabled: z41.boolean(),
  currentlyDue: z41.array(z41.string())
});
var StripeAccountAnswerSchema = z41.object({ account: StripeAccountSchema.nullable() });
var LinkAnswerSchema = z41.object({ url: z41.string() });
var PayoutSessionSchema = z41.object({
  stripe: z41.object({ active: z41.boolean(), isTestKey: z41.boolean().nullable() }),
  paypal: z41.object({ active: z41.boolean(), isSandbox: z41.boolean().nullable() }),
  /** The caller's vendor's registrations; null in the marketplace view. */
  accounts: z41.object({
    stripe: z41.object({ accountId: z41.string(), email: z41.string(), country: z41.string() }).nullable(),
    paypal: z41.object({ receiver: z41.string(), type: z41.enum(["EMAIL", "USER_HANDLE"]) }).nullable()
  }).nullable()
});
var PayPalRegistrationSchema = z41.object({ receiver: z41.string(), type: z41.enum(["EMAIL", "USER_HANDLE"]) });
var UnregisterAnswerSchema = z41.object({ removed: z41.array(z41.enum(PAYMENT_PROVIDERS)) });
var AutomatedPayoutAnswerSchema = z41.object({ paid: z41.number(), failed: z41.number(), skipped: z41.number() });

// src/server/modules/payments/provider-keys.ts
import { and as and50, eq as eq68 } from "drizzle-orm";
var context = (storeId, provider) => `${storeId}:payments:${provider}`;
async function readSealed(ctx2, storeId, provider) {
  const [row] = await ctx2.db.select().from(paymentProviderKeys).where(and50(eq68(paymentProviderKeys.storeId, storeId), eq68(paymentProviderKeys.provider, provider)));
  if (!row) return null;
  const encryption = await getEncryption(ctx2.db);
  return { isTest: row.isTest, secret: encryption.decrypt(row.sealed, context(storeId, provider)) };
}
async function writeSealed(ctx2, auth, provider, secret2, isTest) {
  const encryption = await getEncryption(ctx2.db);
  const values = { storeId: auth.storeId, provider, sealed: encryption.encrypt(secret2, context(auth.storeId, provider)), isTest, updatedBy: auth.userId, updatedAt: ctx2.now() };
  await ctx2.db.insert(paymentProviderKeys).values(values).onConflictDoUpdate({ target: [paymentProviderKeys.storeId, paymentProviderKeys.provider], set: values });
}
async function removeSealed(ctx2, storeId, provider) {
  await ctx2.db.delete(paymentProviderKeys).where(and50(eq68(paymentProviderKeys.storeId, storeId), eq68(paymentProviderKeys.provider, provider)));
}
async function findStripe(ctx2, storeId) {
  const found = await readSealed(ctx2, storeId, "stripe");
  return found && { client: ctx2.payments.stripe(found.secret), isTest: found.isTest };
}
async function getStripe(ctx2, storeId) {
  const found = await findStripe(ctx2, storeId);
  if (!found) throw new AppError("conflict", PAYMENT_MESSAGES.stripeNotConnected);
  return found;
}
async function findPayPal(ctx2, storeId) {
  const found = await readSealed(ctx2, storeId, "paypal");
  if (!found) return null;
  const credentials = JSON.parse(found.secret);
  return { client: ctx2.payments.paypal(credentials), isTest: found.isTest };
}
async function activeProviders(ctx2, storeId) {
  const rows = await ctx2.db.select({ provider: paymentProviderKeys.provider, isTest: paymentProviderKeys.isTest }).from(paymentProviderKeys).where(eq68(paymentProviderKeys.storeId, storeId));
  return new Map(rows.map((row) => [row.provider, row.isTest]));
}
async function verified(check, path7) {
  try {
    await check();
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError("bad_request", error.message, [{ path: path7, message: error.message }]);
    throw error;
  }
}
async function getStripeKey(ctx2, auth) {
  const isTest = (await activeProviders(ctx2, auth.storeId)).get("stripe");
  return { active: isTest !== void 0, isTestKey: isTest ?? null };
}
async function saveStripeKey(ctx2, auth, secretKey) {
  await verified(() => ctx2.payments.stripe(secretKey).getBalance(), "secretKey");
  const isTestKey = secretKey.startsWith("sk_test_");
  await writeSealed(ctx2, auth, "stripe", secretKey, isTestKey);
  await patchStoreSettings(ctx2.db, auth.storeId, { payments: { stripeConnect: { enabled: true, isTestKey } } });
  return { active: true, isTestKey };
}
async function deleteStripeKey(ctx2, auth) {
  await removeSealed(ctx2, auth.storeId, "stripe");
  await patchStoreSettings(ctx2.db, auth.storeId, { payments: { stripeConnect: { enabled: false } } });
  return { active: false, isTestKey: null };
}
async function savePayPalKey(ctx2, auth, body) {
  await verified(() => ctx2.payments.paypal(body).verify(), "clientSecret");
  await writeSealed(ctx2, auth, "paypal", JSON.stringify(body), body.isSandbox);
  await patchStoreSettings(ctx2.db, auth.storeId, { payments: { paypal: { enabled: true, isSandbox: body.isSandbox } } });
  return { active: true, isSandbox: body.isSandbox };
}
async function deletePayPalKey(ctx2, auth) {
  await removeSealed(ctx2, auth.storeId, "paypal");
  await patchStoreSettings(ctx2.db, auth.storeId, { payments: { paypal: { enabled: false } } });
  return { active: false, isSandbox: null };
}

// src/server/modules/payments/payout-accounts.ts
import { and as and51, eq as eq69 } from "drizzle-orm";
function vendorOf(auth) {
  if (!auth.vendorId) throw new AppError("bad_request", PAYMENT_MESSAGES.chooseVendor);
  return auth.vendorId;
}
async function findPayoutAccount(db, storeId, vendorId, provider) {
  const [row] = await db.select().from(vendorPayoutAccounts).where(and51(eq69(vendorPayoutAccounts.storeId, storeId), eq69(vendorPayoutAccounts.vendorId, vendorId), eq69(vendorPayoutAccounts.provider, provider)));
  return row ?? null;
}
async function upsert(ctx2, values) {
  await ctx2.db.insert(vendorPayoutAccounts).values(values).onConflictDoUpdate({ target: [vendorPayoutAccounts.storeId, vendorPayoutAccounts.vendorId, vendorPayoutAccounts.provider], set: { ...values, createdAt: ctx2.now() } });
}
async function registerPayPal(ctx2, auth, body) {
  const vendorId = vendorOf(auth);
  const isSandbox = (await activeProviders(ctx2, auth.storeId)).get("paypal");
  if (isSandbox === void 0) throw new AppError("conflict", PAYMENT_MESSAGES.paypalNotConnected);
  await upsert(ctx2, { storeId: auth.storeId, vendorId, provider: "paypal", accountRef: body.emailOrVenmo, kind: body.type, email: body.type === "EMAIL" ? body.emailOrVenmo : "", isTest: isSandbox });
  return { receiver: body.emailOrVenmo, type: body.type };
}
async function registerStripe(ctx2, auth, body) {
  const vendorId = vendorOf(auth);
  const stripe = await getStripe(ctx2, auth.storeId);
  if (await findPayoutAccount(ctx2.db, auth.storeId, vendorId, "stripe")) throw new AppError("conflict", PAYMENT_MESSAGES.stripeAccountExists);
  const account2 = await stripe.client.createAccount(body);
  await upsert(ctx2, { storeId: auth.storeId, vendorId, provider: "stripe", accountRef: account2.id, kind: body.country, email: body.email, isTest: stripe.isTest });
  return { accountId: account2.id };
}
async function stripeAccountOf(ctx2, auth) {
  const vendorId = vendorOf(auth);
  const stripe = await getStripe(ctx2, auth.storeId);
  const account2 = await findPayoutAccount(ctx2.db, auth.storeId, vendorId, "stripe");
  if (!account2) throw new AppError("conflict", PAYMENT_MESSAGES.noStripeAccount);
  return { stripe, accountId: account2.accountRef };
}
async function openStripeOnboarding(ctx2, auth) {
  const { stripe, accountId } = await stripeAccountOf(ctx2, auth);
  const back = `${ctx2.config.publicUrl}/app/payments`;
  const link = await stripe.client.createAccountLink({ accountId, refreshUrl: `${back}?stripe=refresh`, returnUrl: `${back}?stripe=return` });
  return { url: link.url };
}
async function openStripeDashboard(ctx2, auth) {
  const { stripe, accountId } = await stripeAccountOf(ctx2, auth);
  const account2 = await stripe.client.getAccount(accountId);
  if (!account2.detailsSubmitted) throw new AppError("conflict", PAYMENT_MESSAGES.onboardingNotDone);
  return { url: (await stripe.client.createLoginLink(accountId)).url };
}
async function getStripeAccount(ctx2, auth) {
  const vendorId = vendorOf(auth);
  const account2 = await findPayoutAccount(ctx2.db, auth.storeId, vendorId, "stripe");
  if (!account2) return { account: null };
  const stripe = await getStripe(ctx2, auth.storeId);
  return { account: await stripe.client.getAccount(account2.accountRef) };
}
async function getPayoutSession(ctx2, auth) {
  const active = await activeProviders(ctx2, auth.storeId);
  const rows = auth.vendorId ? await ctx2.db.select().from(vendorPayoutAccounts).where(and51(eq69(vendorPayoutAccounts.storeId, auth.storeId), eq69(vendorPayoutAccounts.vendorId, auth.vendorId))) : null;
  const stripe = rows?.find((r) => r.provider === "stripe");
  const paypal = rows?.find((r) => r.provider === "paypal");
  return {
    stripe: { active: active.has("stripe"), isTestKey: active.get("stripe") ?? null },
    paypal: { active: active.has("paypal"), isSandbox: active.get("paypal") ?? null },
    accounts: rows && {
      stripe: stripe ? { accountId: stripe.accountRef, email: stripe.email, country: stripe.kind } : null,
      paypal: paypal ? { receiver: paypal.accountRef, type: paypal.kind } : null
    }
  };
}
async function unregisterPayout(ctx2, auth, provider) {
  const vendorId = vendorOf(auth);
  const removed = await ctx2.db.delete(vendorPayoutAccounts).where(and51(eq69(vendorPayoutAccounts.storeId, auth.storeId), eq69(vendorPayoutAccounts.vendorId, vendorId), provider ? eq69(vendorPayoutAccounts.provider, provider) : void 0)).returning({ provider: vendorPayoutAccounts.provider });
  return { removed: removed.map((r) => r.provider).sort() };
}

// src/server/modules/payments/payout-destination.ts
var NAMES = { stripe: "Stripe", paypal: "PayPal" };
async function payoutDestination(ctx2, storeId, vendorId, provider) {
  if (!(await activeProviders(ctx2, storeId)).has(provider)) return { message: provider === "stripe" ? PAYMENT_MESSAGES.stripeNotConnected : PAYMENT_MESSAGES.paypalNotConnected };
  const account2 = await findPayoutAccount(ctx2.db, storeId, vendorId, provider);
  if (!account2) return { message: PAYMENT_MESSAGES.vendorNotConnected.replace("{provider}", NAMES[provider]) };
  return { destination: account2.accountRef };
}
async function stripeBalance(ctx2, storeId, currency) {
  const stripe = await findStripe(ctx2, storeId);
  if (!stripe) return null;
  const balance = await stripe.client.getBalance().catch(() => null);
  if (!balance) return null;
  const amount3 = balance.available.filter((a) => a.currency === currency).reduce((sum, a) => sum + a.amount, 0);
  return formatMinorUnits(amount3, currencyDecimals(currency));
}

// src/server/modules/payments/settle-payout.ts
import { and as and52, asc as asc16, eq as eq70, isNull as isNull15, lte } from "drizzle-orm";
var PAYOUT_RECOVERY_JOB = "payouts-recover";
var RECOVERY_EVERY_MS = 6e4;
var RECOVERY_BATCH = 100;
async function markPaid(ctx2, payout, providerRef, message = null) {
  await ctx2.db.update(payouts).set({ state: "paid", paidAt: ctx2.now(), providerRef: providerRef ?? payout.providerRef, message }).where(and52(eq70(payouts.id, payout.id), eq70(payouts.state, "pending")));
  return "paid";
}
async function markFailed(ctx2, payout, message) {
  await ctx2.db.transaction(async (tx) => {
    const [failed] = await tx.update(payouts).set({ state: "failed", message }).where(and52(eq70(payouts.id, payout.id), eq70(payouts.state, "pending"))).returning({ id: payouts.id });
    if (!failed) return;
    const entries = await tx.select().from(ledgerEntries).where(and52(eq70(ledgerEntries.payoutId, payout.id), eq70(ledgerEntries.kind, "payout"), isNull15(ledgerEntries.reversesEntryId)));
    for (const { id, createdAt: _createdAt, ...entry2 } of entries) {
      await tx.insert(ledgerEntries).values({ ...entry2, amount: -entry2.amount, reversesEntryId: id, occurredAt: ctx2.now(), memo: `Payout failed: ${message}`.slice(0, 500) });
    }
    await tx.update(vendorOrders).set({ payout: "due", payoutId: null, updatedAt: ctx2.now() }).where(and52(eq70(vendorOrders.storeId, payout.storeId), eq70(vendorOrders.payoutId, payout.id)));
  });
  return "failed";
}
async function keepPending(ctx2, payout, message) {
  await ctx2.db.update(payouts).set({ message }).where(and52(eq70(payouts.id, payout.id), eq70(payouts.state, "pending")));
  return "pending";
}
async function settleStripe(ctx2, payout, recovering) {
  const stripe = await findStripe(ctx2, payout.storeId);
  if (!stripe) return keepPending(ctx2, payout, "Stripe is not connected: the payment cannot be checked");
  try {
    if (recovering) {
      const [made] = await stripe.client.listTransfers(payout.id);
      if (made) return markPaid(ctx2, payout, made.id);
    }
    const transfer2 = await stripe.client.createTransfer({ amount: payout.amount, currency: payout.currency, destination: payout.destination, idempotencyKey: payout.id });
    return markPaid(ctx2, payout, transfer2.id);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === "unavailable") return keepPending(ctx2, payout, error.message);
    const [made] = await stripe.client.listTransfers(payout.id).catch(() => []);
    return made ? markPaid(ctx2, payout, made.id) : markFailed(ctx2, payout, error.message);
  }
}
var FAILED_ITEM = /* @__PURE__ */ new Set(["FAILED", "RETURNED", "BLOCKED", "REFUNDED", "REVERSED"]);
function outcomeOf(batch) {
  if (batch.status === "DENIED" || batch.status === "CANCELED" || batch.items.some((i) => FAILED_ITEM.has(i.status))) return "failed";
  if (batch.items.length > 0 && batch.items.every((i) => i.status === "SUCCESS")) return "paid";
  return "pending";
}
async function settlePayPal(ctx2, payout) {
  const paypal = await findPayPal(ctx2, payout.storeId);
  if (!paypal) return keepPending(ctx2, payout, "PayPal is not connected: the payment cannot be checked");
  try {
    let batchId = payout.providerRef;
    if (!batchId) {
      const receiver = payout.destination;
      const receiverType = receiver.includes("@") ? "EMAIL" : "USER_HANDLE";
      const created = await paypal.client.createBatch({
        senderBatchId: payout.id,
        emailSubject: "You have a payout",
        items: [{ receiver, recipientType: receiverType, amount: formatMinorUnits(payout.amount, currencyDecimals(payout.currency)), currency: payout.currency, senderItemId: payout.id }]
      });
      batchId = created.batchId;
      await ctx2.db.update(payouts).set({ providerRef: batchId }).where(and52(eq70(payouts.id, payout.id), eq70(payouts.state, "pending")));
    }
    const batch = await paypal.client.getBatch(batchId);
    const outcome = outcomeOf(batch);
    if (outcome === "paid") return markPaid(ctx2, { ...payout, providerRef: batchId }, batchId);
    if (outcome === "failed") return markFailed(ctx2, { ...payout, providerRef: batchId }, `PayPal: ${batch.status} ${batch.items.map((i) => i.status).join(", ")}`);
    return keepPending(ctx2, payout, `PayPal: ${batch.status}`);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === "duplicate") return markPaid(ctx2, payout, null, "Sent to PayPal earlier; its batch id was not recorded: check it in PayPal");
    if (error.kind === "unavailable") return keepPending(ctx2, payout, error.message);
    return markFailed(ctx2, payout, error.message);
  }
}
async function settlePayout(ctx2, payoutId, recovering = false) {
  const [payout] = await ctx2.db.select().from(payouts).where(eq70(payouts.id, payoutId));
  if (!payout || payout.state !== "pending") return payout?.state === "paid" ? "paid" : "failed";
  return payout.method === "stripe" ? settleStripe(ctx2, payout, recovering) : settlePayPal(ctx2, payout);
}
async function recoverPayouts(ctx2) {
  const before = new Date(ctx2.now().getTime() - ctx2.config.payments.recoveryAfterSeconds * 1e3);
  const pending = await ctx2.db.select({ id: payouts.id }).from(payouts).where(and52(eq70(payouts.state, "pending"), lte(payouts.createdAt, before))).orderBy(asc16(payouts.createdAt)).limit(RECOVERY_BATCH);
  for (const { id } of pending) await settlePayout(ctx2, id, true);
  return pending.length;
}
async function schedulePayoutRecovery(ctx2, after = ctx2.now()) {
  const at = new Date(Math.ceil((after.getTime() + 1) / RECOVERY_EVERY_MS) * RECOVERY_EVERY_MS);
  await ctx2.jobs.enqueue(PAYOUT_RECOVERY_JOB, {}, { runAt: at, dedupeKey: `${PAYOUT_RECOVERY_JOB}:${at.toISOString()}` });
}
function registerPayoutRecovery(ctx2) {
  ctx2.jobs.register(PAYOUT_RECOVERY_JOB, async () => {
    await recoverPayouts(ctx2);
    await schedulePayoutRecovery(ctx2);
  });
}

// src/server/modules/finance/payouts.ts
async function allocationsOf(db, storeId, lines, lock = false) {
  const names = [...new Set(lines.map((l) => l.vendor))];
  const query = db.select({ id: vendorOrders.id, vendorId: vendorOrders.vendorId, vendor: vendors.name, orderName: vendorOrders.orderName, currency: orders.currency }).from(vendorOrders).innerJoin(vendors, eq71(vendors.id, vendorOrders.vendorId)).innerJoin(orders, eq71(orders.id, vendorOrders.orderId)).where(
    and53(
      eq71(vendorOrders.storeId, storeId),
      eq71(vendorOrders.payout, "due"),
      inArray18(vendors.name, names),
      inArray18(
        vendorOrders.orderName,
        lines.map((l) => l.orderName)
      )
    )
  ).orderBy(asc17(vendorOrders.id));
  const rows = lock ? await query.for("update", { of: vendorOrders }) : await query;
  const wanted = new Set(lines.map((l) => `${l.vendor}
${l.orderName}`));
  const groups = /* @__PURE__ */ new Map();
  for (const row of rows.filter((r) => wanted.has(`${r.vendor}
${r.orderName}`))) {
    const key = `${row.vendorId}
${row.currency}`;
    const group = groups.get(key) ?? { vendorId: row.vendorId, vendor: row.vendor, currency: row.currency, vendorOrderIds: [], orderNames: [] };
    group.vendorOrderIds.push(row.id);
    group.orderNames.push(row.orderName);
    groups.set(key, group);
  }
  return [...groups.values()];
}
async function amountOf(db, storeId, allocation) {
  const mine = and53(eq71(ledgerEntries.storeId, storeId), eq71(ledgerEntries.vendorId, allocation.vendorId), eq71(ledgerEntries.currency, allocation.currency), eq71(ledgerEntries.inPayout, true));
  const otherDue = db.select({ id: vendorOrders.id }).from(vendorOrders).where(and53(eq71(vendorOrders.storeId, storeId), eq71(vendorOrders.vendorId, allocation.vendorId), eq71(vendorOrders.payout, "due"), notInArray2(vendorOrders.id, allocation.vendorOrderIds)));
  const [row] = await db.select({
    balance: sql38`coalesce(sum(${ledgerEntries.amount}), 0)`,
    held: sql38`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.vendorOrderId} in ${otherDue}), 0)`
  }).from(ledgerEntries).where(mine);
  return Number(row.balance) - Number(row.held);
}
var money2 = (minor, currency) => formatMinorUnits(minor, currencyDecimals(currency));
async function preparePayout(ctx2, auth, lines) {
  const allocations = await allocationsOf(ctx2.db, auth.storeId, lines);
  const priced = await Promise.all(allocations.map(async (a) => ({ ...a, amount: await amountOf(ctx2.db, auth.storeId, a) })));
  const totals = /* @__PURE__ */ new Map();
  for (const a of priced) if (a.amount > 0) totals.set(a.currency, (totals.get(a.currency) ?? 0) + a.amount);
  return {
    stripeBalance: await stripeBalance(ctx2, auth.storeId, totals.size === 1 ? [...totals.keys()][0] : await readStoreCurrency(ctx2.db, auth.storeId)),
    total: [...totals].map(([currency, amount3]) => ({ currency, amount: money2(amount3, currency) })),
    allocations: priced.map((a) => ({ vendor: a.vendor, currency: a.currency, amount: money2(a.amount, a.currency), orderNames: a.orderNames, payable: a.amount > 0 }))
  };
}
async function pay(ctx2, auth, body) {
  const paidAt = body.manual.paidAt ? new Date(body.manual.paidAt.length === 10 ? `${body.manual.paidAt}T00:00:00Z` : body.manual.paidAt) : ctx2.now();
  const results = [];
  for (const planned of await allocationsOf(ctx2.db, auth.storeId, body.payoutLines)) {
    const method = body.methods[planned.vendor] ?? "manual";
    const isManual = method === "manual";
    const base = { vendor: planned.vendor, currency: planned.currency, method, transactionId: null };
    const target = isManual ? null : await payoutDestination(ctx2, auth.storeId, planned.vendorId, method);
    if (target && "message" in target) {
      results.push({ ...base, amount: money2(0, planned.currency), status: "failed", message: target.message });
      continue;
    }
    const outcome = await ctx2.db.transaction(async (tx) => {
      const [allocation] = (await allocationsOf(tx, auth.storeId, body.payoutLines, true)).filter((a) => a.vendorId === planned.vendorId && a.currency === planned.currency);
      if (!allocation) return { amount: 0, message: PAYOUT_MESSAGES.alreadyPaid };
      const amount3 = await amountOf(tx, auth.storeId, allocation);
      if (amount3 <= 0) return { amount: amount3, message: PAYOUT_MESSAGES.nothingToPay };
      const [payout] = await tx.insert(payouts).values({
        storeId: auth.storeId,
        vendorId: allocation.vendorId,
        currency: allocation.currency,
        amount: amount3,
        method,
        state: isManual ? "paid" : "pending",
        paidAt: isManual ? paidAt : null,
        details: isManual ? body.manual.details : "",
        destination: target?.destination ?? null,
        vendorOrderIds: allocation.vendorOrderIds,
        createdBy: auth.userId
      }).returning({ id: payouts.id });
      const [entry2] = await tx.insert(ledgerEntries).values({
        storeId: auth.storeId,
        vendorId: allocation.vendorId,
        currency: allocation.currency,
        amount: -amount3,
        kind: isManual ? "manual_payment" : "payout",
        inPayout: true,
        inSales: false,
        payoutId: payout.id,
        occurredAt: isManual ? paidAt : ctx2.now(),
        memo: isManual ? body.manual.details : ""
      }).returning({ id: ledgerEntries.id });
      await tx.update(vendorOrders).set({ payout: "paid", payoutId: payout.id, updatedAt: ctx2.now() }).where(inArray18(vendorOrders.id, allocation.vendorOrderIds));
      return { amount: amount3, transactionId: entry2.id, payoutId: payout.id };
    });
    let status = outcome.transactionId ? "paid" : "failed";
    let message = outcome.message ?? null;
    if (!isManual && outcome.payoutId) {
      status = await settlePayout(ctx2, outcome.payoutId);
      if (status !== "paid") [{ message }] = await ctx2.db.select({ message: payouts.message }).from(payouts).where(eq71(payouts.id, outcome.payoutId));
    }
    results.push({ ...base, amount: money2(outcome.amount, planned.currency), status, transactionId: outcome.transactionId ?? null, message });
  }
  return { results };
}
async function deleteManualPayment(ctx2, auth, transactionId) {
  return ctx2.db.transaction(async (tx) => {
    const [entry2] = await tx.select().from(ledgerEntries).where(and53(eq71(ledgerEntries.id, transactionId), eq71(ledgerEntries.storeId, auth.storeId), isNull16(ledgerEntries.reversesEntryId)));
    if (!entry2) throw notFound(PAYOUT_MESSAGES.notFound);
    if (entry2.kind !== "manual_payment" || !entry2.payoutId) throw new AppError("conflict", PAYOUT_MESSAGES.notManual);
    const [payout] = await tx.select().from(payouts).where(eq71(payouts.id, entry2.payoutId)).for("update");
    if (payout.reversedAt) throw notFound(PAYOUT_MESSAGES.notFound);
    const { id: _id, createdAt: _createdAt, ...original } = entry2;
    const [reversal] = await tx.insert(ledgerEntries).values({ ...original, amount: -entry2.amount, reversesEntryId: entry2.id, occurredAt: ctx2.now(), memo: "Manual payment deleted" }).returning({ id: ledgerEntries.id });
    await tx.update(payouts).set({ reversedAt: ctx2.now() }).where(eq71(payouts.id, payout.id));
    await tx.update(vendorOrders).set({ payout: "due", payoutId: null, updatedAt: ctx2.now() }).where(eq71(vendorOrders.payoutId, payout.id));
    return { transactionId: entry2.id, reversedBy: reversal.id };
  });
}

// src/server/modules/finance/routes.ts
var tags12 = ["finance"];
function registerFinanceRoutes(app2, ctx2) {
  app2.get(
    "/api/transactions",
    {
      config: { policy: "user" },
      schema: {
        tags: tags12,
        summary: "The ledger's entries, newest first (25 a page), with totals per currency and the balance; vendors see their own, admins all or requestedVendor",
        querystring: TransactionListQuerySchema,
        response: { 200: TransactionListAnswerSchema }
      }
    },
    async (request) => listTransactions(ctx2, requireAuth(request), request.query)
  );
  app2.post(
    "/api/payment/v3/prepare",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags12,
        summary: "What paying the chosen lines (orderName, vendor) pays, per vendor and currency: the balance less what other due orders hold",
        body: PreparePayoutBodySchema,
        response: { 200: PreparePayoutAnswerSchema }
      }
    },
    async (request) => preparePayout(ctx2, requireAuth(request), request.body.payoutLines)
  );
  app2.post(
    "/api/payment/v3/pay",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags12,
        summary: "Pay the chosen lines per vendor (manual payments: paidAt, details); the same lines paid twice at once make one payment",
        body: PayBodySchema,
        response: { 200: PayAnswerSchema }
      }
    },
    async (request) => pay(ctx2, requireAuth(request), request.body)
  );
  app2.delete(
    "/api/payment/manual",
    {
      config: { policy: "admin" },
      schema: {
        tags: tags12,
        summary: "Delete a manual payment (its ledger entry id): a reversing entry, its orders due again",
        body: DeleteManualPaymentBodySchema,
        response: { 200: z42.object({ transactionId: z42.string(), reversedBy: z42.string() }) }
      }
    },
    async (request) => deleteManualPayment(ctx2, requireAuth(request), request.body.transactionId)
  );
}

// src/server/modules/payments/routes.ts
import { z as z43 } from "zod";

// src/server/modules/payments/automated-payouts.ts
import { and as and54, asc as asc18, eq as eq72, sql as sql39 } from "drizzle-orm";
var AUTOMATED_PAYOUTS_JOB = "automated-payouts";
var RUN_HOUR_UTC = 6;
var RUN_ORDER_CAP = 5e3;
var DAY_MS2 = 864e5;
function nextRunAt(after) {
  const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), RUN_HOUR_UTC));
  return at.getTime() > after.getTime() ? at : new Date(at.getTime() + DAY_MS2);
}
function isPayoutDay(schedule, day) {
  return schedule === "weekly" && day.getUTCDay() === 1 || schedule === "monthly" && day.getUTCDate() === 1;
}
async function runAutomatedPayouts(ctx2, storeId, runKey) {
  const settings = await readStoreSettings(ctx2.db, storeId);
  const { holdingDays, minimumPayout } = settings.payments;
  const cutoff = new Date(ctx2.now().getTime() - holdingDays * DAY_MS2);
  const lastShipped = sql39`coalesce((select max(${fulfillments.createdAt}) from ${fulfillments} where ${fulfillments.vendorOrderId} = ${vendorOrders.id}), ${vendorOrders.placedAt})`;
  const due = await ctx2.db.select({ vendorId: vendorOrders.vendorId, vendor: vendors.name, orderName: vendorOrders.orderName }).from(vendorOrders).innerJoin(vendors, eq72(vendors.id, vendorOrders.vendorId)).where(and54(eq72(vendorOrders.storeId, storeId), eq72(vendorOrders.payout, "due"), eq72(vendorOrders.fulfillment, "fulfilled"), sql39`${lastShipped} <= ${cutoff.toISOString()}`)).orderBy(asc18(vendorOrders.placedAt), asc18(vendorOrders.id)).limit(RUN_ORDER_CAP);
  const active = await activeProviders(ctx2, storeId);
  const accounts = await ctx2.db.select({ vendorId: vendorPayoutAccounts.vendorId, provider: vendorPayoutAccounts.provider }).from(vendorPayoutAccounts).where(eq72(vendorPayoutAccounts.storeId, storeId));
  const methodOf = (vendorId) => ["stripe", "paypal"].find((provider) => active.has(provider) && accounts.some((a) => a.vendorId === vendorId && a.provider === provider));
  const byVendor = /* @__PURE__ */ new Map();
  for (const row of due) {
    const group = byVendor.get(row.vendorId) ?? { vendor: row.vendor, lines: [] };
    group.lines.push({ orderName: row.orderName, vendor: row.vendor });
    byVendor.set(row.vendorId, group);
  }
  const payer = { storeId, userId: null };
  const report = [];
  const paidTotals = /* @__PURE__ */ new Map();
  let skipped = 0;
  for (const [vendorId, { vendor: vendor2, lines }] of byVendor) {
    const method = methodOf(vendorId);
    const prepared = await preparePayout(ctx2, payer, lines);
    const payable = prepared.allocations.filter((a) => a.payable && toMinorUnits(a.amount, currencyDecimals(a.currency)) >= roundToMinorUnits(minimumPayout, currencyDecimals(a.currency)));
    if (!method || payable.length === 0) {
      skipped++;
      continue;
    }
    const chosen = lines.filter((line) => payable.some((a) => a.orderNames.includes(line.orderName)));
    const { results } = await pay(ctx2, payer, { payoutLines: chosen, methods: { [vendor2]: method }, manual: { details: "" } });
    for (const result of results) {
      const minor = toMinorUnits(result.amount, currencyDecimals(result.currency));
      if (result.status !== "failed") paidTotals.set(result.currency, (paidTotals.get(result.currency) ?? 0) + minor);
      report.push({ vendor: result.vendor, amount: formatMoney(minor, result.currency), method: result.method, status: result.status });
    }
  }
  if (report.length > 0) {
    const date = ctx2.now().toISOString().slice(0, 10);
    const total = [...paidTotals].map(([currency, minor]) => formatMoney(minor, currency)).join(", ") || formatMoney(0, settings.currency);
    for (const email2 of await activeAdminEmails(ctx2.db, storeId)) {
      await ctx2.mailer.send({
        storeId,
        template: "marketplace-automated-payments",
        to: email2,
        vars: { date, payouts: report, total, link: `${ctx2.config.publicUrl}/app/finance` },
        dedupeKey: `${AUTOMATED_PAYOUTS_JOB}:${storeId}:${runKey}:${email2}`
      });
    }
  }
  return { paid: report.filter((r) => r.status !== "failed").length, failed: report.filter((r) => r.status === "failed").length, skipped };
}
async function triggerAutomatedPayouts(ctx2, storeId) {
  return runAutomatedPayouts(ctx2, storeId, `now-${ctx2.now().toISOString()}`);
}
async function scheduleAutomatedPayouts(ctx2, storeId, after = ctx2.now()) {
  const at = nextRunAt(after);
  await ctx2.jobs.enqueue(AUTOMATED_PAYOUTS_JOB, { storeId, at: at.toISOString() }, { runAt: at, dedupeKey: `${AUTOMATED_PAYOUTS_JOB}:${storeId}:${at.toISOString()}` });
}
async function scheduleAllAutomatedPayouts(ctx2) {
  for (const { id } of await ctx2.db.select({ id: stores.id }).from(stores)) await scheduleAutomatedPayouts(ctx2, id);
}
function registerAutomatedPayouts(ctx2) {
  ctx2.jobs.register(AUTOMATED_PAYOUTS_JOB, async (payload) => {
    const storeId = String(payload.storeId);
    const at = new Date(String(payload.at));
    const { payments } = await readStoreSettings(ctx2.db, storeId);
    if (isPayoutDay(payments.schedule, at)) await runAutomatedPayouts(ctx2, storeId, at.toISOString());
    await scheduleAutomatedPayouts(ctx2, storeId, at);
  });
}

// src/server/modules/payments/routes.ts
var tags13 = ["payments"];
async function viaProvider(run) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError(error.kind === "unavailable" ? "unavailable" : "bad_request", error.message);
    throw error;
  }
}
function registerPaymentRoutes(app2, ctx2) {
  registerPayoutRecovery(ctx2);
  registerAutomatedPayouts(ctx2);
  app2.get(
    "/api/stripe/api-key",
    { config: { policy: "admin" }, schema: { tags: tags13, summary: "Whether a Stripe secret key is active (never the key)", response: { 200: StripeKeyAnswerSchema } } },
    async (request) => getStripeKey(ctx2, requireAuth(request))
  );
  app2.put(
    "/api/stripe/api-key",
    {
      config: { policy: "admin" },
      schema: { tags: tags13, summary: "Save the platform's Stripe secret key (checked with Stripe, stored encrypted)", body: StripeKeyBodySchema, response: { 200: StripeKeyAnswerSchema } }
    },
    async (request) => saveStripeKey(ctx2, requireAuth(request), request.body.secretKey)
  );
  app2.delete(
    "/api/stripe/api-key",
    { config: { policy: "admin" }, schema: { tags: tags13, summary: "Remove the Stripe secret key", response: { 200: StripeKeyAnswerSchema } } },
    async (request) => deleteStripeKey(ctx2, requireAuth(request))
  );
  app2.put(
    "/api/paypal/admin/api-key",
    {
      config: { policy: "admin" },
      schema: { tags: tags13, summary: "Save the marketplace's PayPal REST app (checked with PayPal, stored encrypted)", body: PayPalKeyBodySchema, response: { 200: PayPalKeyAnswerSchema } }
    },
    async (request) => savePayPalKey(ctx2, requireAuth(request), request.body)
  );
  app2.delete(
    "/api/paypal/admin/api-key",
    { config: { policy: "admin" }, schema: { tags: tags13, summary: "Remove the PayPal app", response: { 200: PayPalKeyAnswerSchema } } },
    async (request) => deletePayPalKey(ctx2, requireAuth(request))
  );
  app2.post(
    "/api/paypal/register",
    {
      config: { policy: "user" },
      schema: { tags: tags13, summary: "The caller's vendor is paid to this PayPal e-mail or Venmo username", body: PayPalRegisterBodySchema, response: { 200: PayPalRegistrationSchema } }
    },
    async (request) => registerPayPal(ctx2, requireAuth(request), request.body)
  );
  app2.delete(
    "/api/payout/register",
    {
      config: { policy: "user" },
      schema: { tags: tags13, summary: "Disconnect the caller's vendor from a provider (or both)", querystring: PayoutUnregisterQuerySchema, response: { 200: UnregisterAnswerSchema } }
    },
    async (request) => unregisterPayout(ctx2, requireAuth(request), request.query.provider)
  );
  app2.post(
    "/api/stripe/register",
    {
      config: { policy: "user" },
      schema: { tags: tags13, summary: "Create the caller's vendor's Stripe connected account", body: StripeRegisterBodySchema, response: { 200: z43.object({ accountId: z43.string() }) } }
    },
    async (request) => viaProvider(() => registerStripe(ctx2, requireAuth(request), request.body))
  );
  app2.post(
    "/api/stripe/onboard",
    { config: { policy: "user" }, schema: { tags: tags13, summary: "Stripe's onboarding link for the caller's vendor's account", response: { 200: LinkAnswerSchema } } },
    async (request) => viaProvider(() => openStripeOnboarding(ctx2, requireAuth(request)))
  );
  app2.post(
    "/api/stripe/dashboard",
    { config: { policy: "user" }, schema: { tags: tags13, summary: "A login link to the caller's vendor's Stripe dashboard", response: { 200: LinkAnswerSchema } } },
    async (request) => viaProvider(() => openStripeDashboard(ctx2, requireAuth(request)))
  );
  app2.get(
    "/api/stripe/account",
    { config: { policy: "user" }, schema: { tags: tags13, summary: "The caller's vendor's Stripe account as Stripe has it (null without one)", response: { 200: StripeAccountAnswerSchema } } },
    async (request) => viaProvider(() => getStripeAccount(ctx2, requireAuth(request)))
  );
  app2.get(
    "/api/stripe/session",
    {
      config: { policy: "user" },
      schema: { tags: tags13, summary: "The providers the marketplace offers and where the caller's vendor is paid", response: { 200: PayoutSessionSchema } }
    },
    async (request) => getPayoutSession(ctx2, requireAuth(request))
  );
  app2.post(
    "/api/payment/trigger-automated",
    {
      config: { policy: "admin" },
      schema: { tags: tags13, summary: "Run the automated payout now (fulfilled orders past the holding period, above the minimum)", response: { 200: AutomatedPayoutAnswerSchema } }
    },
    async (request) => triggerAutomatedPayouts(ctx2, requireAuth(request).storeId)
  );
}

// src/server/modules/platform-webhooks/routes.ts
import { createHash as createHash2 } from "node:crypto";
import { z as z46 } from "zod";

// src/server/modules/platform-webhooks/handle-webhook.ts
import { and as and55, eq as eq74, inArray as inArray19, or as or3, sql as sql40 } from "drizzle-orm";
import { z as z45 } from "zod";

// src/server/modules/orders/incoming-order.ts
import { z as z44 } from "zod";
import { eq as eq73 } from "drizzle-orm";
var text15 = z44.preprocess((v2) => v2 === null || v2 === void 0 ? "" : String(v2), z44.string());
var money3 = z44.preprocess((v2) => v2 === null || v2 === void 0 || v2 === "" ? "0" : String(v2), z44.string().regex(/^\d+(\.\d+)?$/, "Must be an amount"));
var PlatformAddressSchema = z44.object({
  name: text15,
  first_name: text15,
  last_name: text15,
  company: text15,
  address1: text15,
  address2: text15,
  city: text15,
  zip: text15,
  province_code: text15,
  country_code: text15,
  phone: text15
}).partial();
var PlatformOrderSchema = z44.object({
  id: z44.union([z44.number(), z44.string()]).transform(String),
  name: text15,
  email: text15.optional(),
  phone: text15.optional(),
  currency: z44.string().regex(/^[A-Z]{3}$/),
  created_at: z44.string().optional(),
  line_items: z44.array(
    z44.object({
      id: z44.union([z44.number(), z44.string()]).transform(String),
      sku: text15.optional(),
      vendor: text15.optional(),
      title: text15,
      variant_title: text15.optional(),
      quantity: z44.number().int().positive(),
      price: money3,
      total_discount: money3.optional(),
      tax_lines: z44.array(z44.object({ price: money3 })).optional()
    })
  ).min(1),
  shipping_lines: z44.array(z44.object({ price: money3 })).optional(),
  shipping_address: PlatformAddressSchema.nullish(),
  billing_address: PlatformAddressSchema.nullish(),
  customer: z44.object({ first_name: text15, last_name: text15, email: text15, phone: text15 }).partial().nullish()
});
var joinName = (...parts) => parts.filter(Boolean).join(" ").trim();
function addressOf(address2) {
  if (!address2) return null;
  return {
    name: address2.name || joinName(address2.first_name, address2.last_name),
    company: address2.company ?? "",
    street1: address2.address1 ?? "",
    street2: address2.address2 ?? "",
    city: address2.city ?? "",
    zip: address2.zip ?? "",
    province: address2.province_code ?? "",
    country: (address2.country_code ?? "").toUpperCase(),
    phone: address2.phone ?? ""
  };
}
function fromPlatformOrder(order3, currencyDecimals2, receivedAt) {
  const minor = (amount3) => toMinorUnits(amount3 ?? "0", currencyDecimals2);
  const shippingAddress = addressOf(order3.shipping_address);
  return {
    source: "shopify",
    platformOrderId: order3.id,
    name: order3.name || `#${order3.id}`,
    currency: order3.currency,
    customer: {
      name: joinName(order3.customer?.first_name, order3.customer?.last_name) || shippingAddress?.name || "",
      email: order3.email || order3.customer?.email || "",
      phone: order3.phone || order3.customer?.phone || ""
    },
    shippingAddress,
    billingAddress: addressOf(order3.billing_address),
    lines: order3.line_items.map((line) => ({
      platformLineId: line.id,
      variantId: null,
      sku: line.sku ?? "",
      vendorName: line.vendor || null,
      title: line.title,
      variantTitle: line.variant_title ?? "",
      quantity: line.quantity,
      price: minor(line.price),
      discount: minor(line.total_discount),
      tax: (line.tax_lines ?? []).reduce((sum, t) => sum + minor(t.price), 0)
    })),
    shipping: (order3.shipping_lines ?? []).reduce((sum, s) => sum + minor(s.price), 0),
    placedAt: order3.created_at && !Number.isNaN(Date.parse(order3.created_at)) ? new Date(order3.created_at) : receivedAt
  };
}
var platformId = z44.union([z44.number(), z44.string()]).transform(String);
var platformDate = z44.string().nullish().transform((v2) => v2 && !Number.isNaN(Date.parse(v2)) ? new Date(v2) : null);
var PlatformCancelSchema = z44.object({ id: platformId, cancelled_at: platformDate, cancel_reason: z44.string().nullish() });
var PlatformRefundSchema = z44.object({
  id: platformId,
  order_id: platformId,
  created_at: platformDate,
  refund_line_items: z44.array(z44.object({ line_item_id: platformId, quantity: z44.number().int().min(0), restock_type: z44.string().nullish() })).default([]),
  order_adjustments: z44.array(z44.object({ kind: z44.string().nullish(), amount: money3.or(z44.string().regex(/^-\d+(\.\d+)?$/)) })).default([])
});
async function fromPlatformRefund(db, orderId, refund, receivedAt) {
  const [order3] = await db.select({ currency: orders.currency }).from(orders).where(eq73(orders.id, orderId));
  const lines = await db.select({ id: orderLines.id, platformLineId: orderLines.platformLineId }).from(orderLines).where(eq73(orderLines.orderId, orderId));
  const decimals = currencyDecimals(order3.currency);
  return {
    sourceRefundId: refund.id,
    lines: refund.refund_line_items.flatMap((item) => {
      const line = lines.find((l) => l.platformLineId === item.line_item_id);
      return line ? [{ lineId: line.id, quantity: item.quantity, restock: item.restock_type !== "no_restock" }] : [];
    }),
    shipping: refund.order_adjustments.filter((a) => a.kind === "shipping_refund").reduce((sum, a) => sum + Math.abs(toMinorUnits(a.amount, decimals)), 0),
    at: refund.created_at ?? receivedAt,
    clamp: true
  };
}

// src/server/modules/platform-webhooks/handle-webhook.ts
var PLATFORM_WEBHOOK_JOB = "platform-webhook";
var WEBHOOK_TOPICS = ["orders/create", "orders/cancelled", "refunds/create", "customers/data_request", "customers/redact", "shop/redact"];
var RedactCustomerSchema = z45.object({
  customer: z45.object({ email: z45.string().nullish() }).partial().nullish(),
  orders_to_redact: z45.array(z45.union([z45.number(), z45.string()]).transform(String)).nullish()
});
var REDACTED = { customer: { name: "", email: "", phone: "" }, shippingAddress: null, billingAddress: null };
async function handlePlatformWebhook(ctx2, payload) {
  const topic = String(payload.topic);
  const [installation] = await ctx2.db.select({ storeId: platformInstallations.storeId, kind: platformInstallations.kind }).from(platformInstallations).where(eq74(platformInstallations.shop, String(payload.shop)));
  const storeId = installation?.kind === "marketplace" ? installation.storeId : null;
  if (!storeId) return;
  const body = payload.body;
  if (topic === "orders/create") {
    const order3 = PlatformOrderSchema.parse(body);
    await ingestOrder(ctx2, storeId, fromPlatformOrder(order3, currencyDecimals(order3.currency), ctx2.now()));
    return;
  }
  if (topic === "orders/cancelled") {
    const cancelled = PlatformCancelSchema.parse(body);
    const order3 = await findPlatformOrder(ctx2.db, storeId, "shopify", cancelled.id);
    if (order3) await cancelOrder(ctx2.db, storeId, order3.id, cancelled.cancelled_at ?? ctx2.now(), `Cancelled on the platform${cancelled.cancel_reason ? ` (${cancelled.cancel_reason})` : ""}`);
    return;
  }
  if (topic === "refunds/create") {
    const refund = PlatformRefundSchema.parse(body);
    const order3 = await findPlatformOrder(ctx2.db, storeId, "shopify", refund.order_id);
    if (order3) await refundOrder(ctx2.db, storeId, order3.id, await fromPlatformRefund(ctx2.db, order3.id, refund, ctx2.now()));
    return;
  }
  if (topic === "customers/redact") {
    const request = RedactCustomerSchema.parse(body);
    const email2 = request.customer?.email?.trim().toLowerCase();
    const ids = request.orders_to_redact ?? [];
    const matches = [
      ...ids.length ? [inArray19(orders.platformOrderId, ids)] : [],
      ...email2 ? [sql40`lower(${orders.customer}->>'email') = ${email2}`] : []
    ];
    if (matches.length) await ctx2.db.update(orders).set(REDACTED).where(and55(eq74(orders.storeId, storeId), eq74(orders.source, "shopify"), or3(...matches)));
    return;
  }
  if (topic === "shop/redact") {
    await ctx2.db.transaction(async (tx) => {
      await tx.update(orders).set(REDACTED).where(and55(eq74(orders.storeId, storeId), eq74(orders.source, "shopify")));
      await tx.delete(platformInstallations).where(eq74(platformInstallations.shop, String(payload.shop)));
    });
    return;
  }
  await ctx2.db.insert(appEvents).values({ storeId, event: "privacy/customers-data-request", properties: { request: body } });
}

// src/server/modules/platform-webhooks/routes.ts
var WEBHOOK_ATTEMPTS = 8;
var WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;
var header = (value) => (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
function registerPlatformWebhookRoutes(app2, ctx2) {
  ctx2.jobs.register(PLATFORM_WEBHOOK_JOB, (payload) => handlePlatformWebhook(ctx2, payload));
  app2.register(async (plugin) => {
    const scope = plugin.withTypeProvider();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post(
      "/api/webhooks/:platform",
      {
        config: { policy: "public" },
        schema: {
          tags: ["platform"],
          summary: "The storefront platform's webhooks (orders/create and the privacy topics), HMAC-verified on the raw body; answered at once, run as a job",
          params: z46.object({ platform: z46.string().max(40) }),
          response: { 200: z46.object({ received: z46.boolean() }) }
        }
      },
      async (request) => {
        const { apiSecret } = requirePlatform(ctx2.config, request.params.platform);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!verifyWebhookHmac(apiSecret, raw, header(request.headers["x-shopify-hmac-sha256"]))) {
          throw new AppError("unauthorized", "Invalid webhook signature");
        }
        const topic = header(request.headers["x-shopify-topic"]);
        if (!WEBHOOK_TOPICS.includes(topic)) return { received: false };
        let body;
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          throw new AppError("bad_request", "The body is not JSON");
        }
        const eventId = header(request.headers["x-shopify-event-id"]) || header(request.headers["x-shopify-webhook-id"]) || createHash2("sha256").update(topic).update(raw).digest("hex");
        await ctx2.jobs.enqueue(
          PLATFORM_WEBHOOK_JOB,
          { topic, shop: header(request.headers["x-shopify-shop-domain"]).toLowerCase(), body },
          { dedupeKey: `${PLATFORM_WEBHOOK_JOB}:${eventId}`, maxAttempts: WEBHOOK_ATTEMPTS }
        );
        return { received: true };
      }
    );
  });
}

// src/shared/schemas/images.ts
import { z as z47 } from "zod";
var IMAGE_MESSAGES = {
  onlyUploaded: "Only uploaded images can be edited",
  notAnImage: "Only images can have their background removed",
  imageNotFound: "Image not found"
};
var RemoveBackgroundSchema = z47.object({
  originImgUrl: z47.string({ error: MSG.required }).trim().min(1, MSG.required).max(2e3, IMAGE_MESSAGES.onlyUploaded)
});
var RemovedBackgroundSchema = z47.object({ convertedImgUrl: z47.string() });

// src/server/adapters/background-removal/local.ts
import sharp2 from "sharp";

// src/server/adapters/background-removal/types.ts
var BackgroundRemovalError = class extends Error {
  constructor(message, status, isBadImage = false) {
    super(message);
    this.status = status;
    this.isBadImage = isBadImage;
  }
  status;
  isBadImage;
};

// src/server/adapters/background-removal/local.ts
function estimateBackground(data, width, height) {
  const band = Math.max(1, Math.min(4, Math.round(Math.min(width, height) * 0.01)));
  const counts = /* @__PURE__ */ new Map();
  const visit = (x, y) => {
    const i = (y * width + x) * 4;
    if (data[i + 3] < 128) return;
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    const bucket = r >> 4 << 8 | g >> 4 << 4 | b >> 4;
    const entry2 = counts.get(bucket) ?? { n: 0, r: 0, g: 0, b: 0 };
    entry2.n++;
    entry2.r += r;
    entry2.g += g;
    entry2.b += b;
    counts.set(bucket, entry2);
  };
  for (let y = 0; y < height; y++) {
    const edgeRow = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      if (edgeRow || x < band || x >= width - band) visit(x, y);
    }
  }
  let best = null;
  for (const entry2 of counts.values()) if (!best || entry2.n > best.n) best = entry2;
  if (!best) return null;
  return { r: best.r / best.n, g: best.g / best.n, b: best.b / best.n };
}
function backgroundMask(data, width, height, bg, tolerance, feather) {
  const n = width * height;
  const limit = tolerance + feather;
  const distance = (p) => {
    const i = p * 4;
    const dr = data[i] - bg.r;
    const dg = data[i + 1] - bg.g;
    const db = data[i + 2] - bg.b;
    return Math.sqrt(dr * dr + dg * dg + db * db);
  };
  const mask = new Uint8Array(n).fill(255);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  const push = (p) => {
    if (seen[p]) return;
    seen[p] = 1;
    const d = distance(p);
    if (d >= limit) return;
    mask[p] = d <= tolerance ? 0 : Math.round(255 * (d - tolerance) / Math.max(1, feather));
    queue[tail++] = p;
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (head < tail) {
    const p = queue[head++];
    if (mask[p] > 127) continue;
    const x = p % width;
    if (x > 0) push(p - 1);
    if (x < width - 1) push(p + 1);
    if (p >= width) push(p - width);
    if (p < n - width) push(p + width);
  }
  return mask;
}
function createLocalBackgroundRemover(options = {}) {
  const tolerance = options.tolerance ?? 38;
  const feather = options.feather ?? 32;
  const edgeBlur = options.edgeBlur ?? 0.8;
  const maxSide = options.maxSide ?? 3e3;
  return {
    kind: "local",
    async removeBackground(image) {
      let decoded;
      try {
        decoded = await sharp2(image.body, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      } catch {
        throw new BackgroundRemovalError("This image could not be read", void 0, true);
      }
      const { data, info } = decoded;
      const { width, height } = info;
      const bg = estimateBackground(data, width, height);
      if (bg) {
        const mask = backgroundMask(data, width, height, bg, tolerance, feather);
        const soft = edgeBlur >= 0.3 ? await sharp2(mask, { raw: { width, height, channels: 1 } }).blur(edgeBlur).extractChannel(0).raw().toBuffer() : mask;
        for (let p = 0, i = 3; p < soft.length; p++, i += 4) data[i] = Math.round(data[i] * soft[p] / 255);
      }
      return sharp2(data, { raw: { width, height, channels: 4 } }).png().toBuffer();
    }
  };
}

// src/server/adapters/background-removal/remote.ts
var PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
var STATUS_MESSAGES = {
  400: "The background removal service could not process this image",
  402: "The background removal service has no credits left",
  403: "The background removal service refused the API key",
  429: "The background removal service is busy, please try again in a minute"
};
async function providerReason(response) {
  const body = await response.json().catch(() => null);
  const first = body?.errors?.[0];
  const text16 = [first?.title, first?.detail].filter((t) => typeof t === "string" && t.length > 0).join(": ");
  return text16 ? text16.slice(0, 300) : null;
}
function createRemoteBackgroundRemover(options) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 6e4;
  const endpoint = `${options.baseUrl.replace(/\/$/, "")}/v1.0/removebg`;
  return {
    kind: "remote",
    async removeBackground(image) {
      const form2 = new FormData();
      form2.append("image_file", new Blob([new Uint8Array(image.body)], { type: image.contentType }), image.filename);
      form2.append("size", "auto");
      form2.append("format", "png");
      let response;
      try {
        response = await doFetch(endpoint, {
          method: "POST",
          headers: { "X-Api-Key": options.apiKey, accept: "image/png, application/json" },
          body: form2,
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs)
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === "TimeoutError" ? "it did not answer in time" : "it could not be reached";
        throw new BackgroundRemovalError(`The background removal service failed: ${reason}`);
      }
      if (!response.ok) {
        const reason = await providerReason(response);
        const base = STATUS_MESSAGES[response.status] ?? `The background removal service failed (${response.status})`;
        throw new BackgroundRemovalError(reason ? `${base}: ${reason}` : base, response.status);
      }
      const declared = Number(response.headers.get("content-length") ?? 0);
      if (declared > MAX_UPLOAD_BYTES) throw new BackgroundRemovalError("The background removal service answered a file that is too large");
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > MAX_UPLOAD_BYTES) throw new BackgroundRemovalError("The background removal service answered a file that is too large");
      if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new BackgroundRemovalError("The background removal service did not answer a PNG image");
      return bytes;
    }
  };
}

// src/server/adapters/background-removal/index.ts
function createBackgroundRemover(config2) {
  const { kind, apiKey, baseUrl } = config2.backgroundRemoval;
  return kind === "remote" ? createRemoteBackgroundRemover({ baseUrl, apiKey }) : createLocalBackgroundRemover();
}

// src/server/modules/images/remove-image-background.ts
import { randomUUID as randomUUID8 } from "node:crypto";
import { and as and56, eq as eq75 } from "drizzle-orm";
var KEY2 = /^[a-z0-9][a-z0-9_.-]*\/[a-z-]+\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,5}$/i;
var RESULT_PROXY = "product-images";
function ownFileKey(config2, value) {
  const own = new URL(config2.publicUrl);
  let url3;
  try {
    url3 = new URL(value, `${own.origin}/`);
  } catch {
    return null;
  }
  if (url3.origin !== own.origin || url3.username || url3.password) return null;
  const prefix = `${UPLOAD_PATHS.files}/`;
  if (!url3.pathname.startsWith(prefix)) return null;
  const key = url3.pathname.slice(prefix.length);
  return KEY2.test(key) ? key : null;
}
async function readAll(stream) {
  const chunks = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) {
      stream.destroy();
      throw new AppError("too_large", "The image is too large");
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
var stemOf = (name) => (name.split(/[\\/]/).pop() ?? "").replace(/\.[^.]*$/, "").slice(0, 100) || "image";
async function removeImageBackground(ctx2, auth, remover, originImgUrl) {
  const key = ownFileKey(ctx2.config, originImgUrl);
  if (!key) throw badRequest(IMAGE_MESSAGES.onlyUploaded, [{ path: "originImgUrl", message: IMAGE_MESSAGES.onlyUploaded }]);
  const [source] = await ctx2.db.select().from(files).where(and56(eq75(files.key, key), eq75(files.storeId, auth.storeId), visibleTo({ kind: "user", storeId: auth.storeId, vendorId: auth.vendorId })));
  if (!source || !(source.completedAt || await completeDirectUpload(ctx2, source))) throw notFound(IMAGE_MESSAGES.imageNotFound);
  if (!source.contentType.startsWith("image/")) throw badRequest(IMAGE_MESSAGES.notAnImage, [{ path: "originImgUrl", message: IMAGE_MESSAGES.notAnImage }]);
  const stored = await ctx2.storage.get(key);
  if (!stored) throw notFound(IMAGE_MESSAGES.imageNotFound);
  const body = await readAll(stored.body);
  const stem = stemOf(source.originalName);
  const png = await remover.removeBackground({ body, contentType: source.contentType, filename: `${stem}.${key.split(".").pop()}` });
  try {
    await checkFileContent(png, "image/png");
  } catch {
    throw new BackgroundRemovalError("The background removal gave an image that cannot be stored");
  }
  const id = randomUUID8();
  const resultKey = `${auth.storeId}/${RESULT_PROXY}/${id}.png`;
  await ctx2.storage.put(resultKey, png, "image/png");
  await ctx2.db.insert(files).values({
    id,
    storeId: auth.storeId,
    key: resultKey,
    proxy: RESULT_PROXY,
    contentType: "image/png",
    originalName: `${stem}-no-background.png`,
    size: png.length,
    uploadedBy: auth.userId,
    // An admin editing a vendor's image makes an image that vendor can use too.
    vendorId: auth.vendorId ?? source.vendorId,
    completedAt: ctx2.now()
  });
  return { convertedImgUrl: fileLocation(ctx2.config, resultKey) };
}

// src/server/modules/images/routes.ts
var REMOVE_BG_RATE_LIMIT = {
  max: 20,
  timeWindow: "1 minute",
  // The policy guard has resolved the caller before the limiter runs, so the budget is per user, not per address.
  keyGenerator: (request) => `remove-bg:${request.auth?.userId ?? request.ip}`
};
function registerImageRoutes(app2, ctx2, options = {}) {
  const remover = options.remover ?? createBackgroundRemover(ctx2.config);
  app2.post(
    "/api/images/remove-bg/v2",
    {
      config: { policy: "user", rateLimit: REMOVE_BG_RATE_LIMIT },
      schema: {
        tags: ["images"],
        summary: "Remove the background of one of the caller's uploaded images; answers the URL of the new transparent PNG",
        body: RemoveBackgroundSchema,
        response: { 200: RemovedBackgroundSchema, 400: ErrorBodySchema, 404: ErrorBodySchema, 502: ErrorBodySchema }
      }
    },
    async (request, reply) => {
      try {
        return await removeImageBackground(ctx2, requireAuth(request), remover, request.body.originImgUrl);
      } catch (error) {
        if (error instanceof BackgroundRemovalError) {
          if (error.isBadImage) throw badRequest(error.message);
          return reply.status(502).send({ message: error.message });
        }
        throw error;
      }
    }
  );
}

// src/server/modules/storefront-sync/sync-product.ts
import { eq as eq78, isNull as isNull17, lt as lt6, or as or4 } from "drizzle-orm";

// src/server/adapters/storefront/types.ts
var StorefrontSyncError = class extends Error {
  constructor(message, retryable) {
    super(message);
    this.retryable = retryable;
  }
  retryable;
};

// src/server/modules/storefront-sync/load-storefront-product.ts
import { asc as asc19, eq as eq76 } from "drizzle-orm";
var absolute2 = (publicUrl, src) => src.startsWith("/") && !src.startsWith("//") ? `${publicUrl}${src}` : src;
async function loadStorefrontProduct(ctx2, product) {
  const [variants, [vendor2], settings] = await Promise.all([
    ctx2.db.select().from(productVariants).where(eq76(productVariants.productId, product.id)).orderBy(asc19(productVariants.position)),
    ctx2.db.select({ name: vendors.name }).from(vendors).where(eq76(vendors.id, product.vendorId)),
    readStoreSettings(ctx2.db, product.storeId)
  ]);
  const media = (list) => list.map((m) => ({ src: absolute2(ctx2.config.publicUrl, m.src), alt: m.alt, contentType: m.contentType }));
  const metafields = (list) => list.map((m) => ({ namespace: m.namespace, key: m.key, type: m.type, value: m.value }));
  return {
    id: product.id,
    storeId: product.storeId,
    handle: product.handle,
    title: product.title,
    // Sanitised again on the way out: rows stored before rich text was sanitised on save.
    bodyHtml: sanitizeRichText(product.bodyHtml),
    vendor: vendor2?.name ?? "",
    seo: product.seo,
    options: product.options,
    media: media(product.media),
    metafields: metafields(product.metafields),
    variants: variants.map((v2) => ({
      id: v2.id,
      sku: v2.sku,
      barcode: v2.barcode,
      price: v2.price,
      compareAt: v2.compareAt,
      options: v2.options,
      taxable: v2.taxable,
      trackStock: v2.trackStock,
      stock: v2.stock,
      requiresShipping: v2.requiresShipping,
      weight: v2.weight,
      weightUnit: v2.weightUnit,
      media: media(v2.media),
      metafields: metafields(v2.metafields)
    })),
    currency: settings.currency,
    currencyDecimals: currencyDecimals(settings.currency)
  };
}

// src/server/modules/storefront-sync/storefront-platform-for.ts
import { and as and57, desc as desc8, eq as eq77 } from "drizzle-orm";

// src/server/adapters/storefront/local/local-storefront.ts
function createLocalStorefront() {
  return {
    kind: "local",
    async publishProduct() {
      return { platformProductId: null };
    },
    async unpublishProduct() {
    },
    async removeProduct() {
    }
  };
}

// src/server/adapters/storefront/shopify/admin-graphql.ts
var realSleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
var DEFAULT_COST = 10;
var MAX_BACKOFF_MS = 3e4;
var operationName = (query) => /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? query.slice(0, 80);
function createAdminGraphqlClient(options) {
  const baseUrlFor = options.baseUrlFor ?? ((shop) => `https://${shop}`);
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? 6;
  const timeoutMs = options.timeoutMs ?? 3e4;
  const url3 = `${baseUrlFor(options.shop)}/admin/api/${options.apiVersion}/graphql.json`;
  let bucket = null;
  const costs = /* @__PURE__ */ new Map();
  const waitFor = (cost) => {
    if (!bucket || bucket.restoreRate <= 0) return 0;
    const restored = Math.min(bucket.maximum, bucket.available + (now() - bucket.at) / 1e3 * bucket.restoreRate);
    const wanted = Math.min(cost, bucket.maximum);
    return restored >= wanted ? 0 : Math.ceil((wanted - restored) / bucket.restoreRate * 1e3);
  };
  const remember = (operation, cost) => {
    const status = cost?.throttleStatus;
    if (status) bucket = { available: status.currentlyAvailable, maximum: status.maximumAvailable, restoreRate: status.restoreRate, at: now() };
    if (typeof cost?.requestedQueryCost === "number") costs.set(operation, cost.requestedQueryCost);
  };
  const backoff = (attempt) => Math.min(MAX_BACKOFF_MS, 1e3 * 2 ** (attempt - 1));
  return {
    async request(query, variables = {}) {
      const operation = operationName(query);
      let lastProblem = "";
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        const wait = waitFor(costs.get(operation) ?? DEFAULT_COST);
        if (wait > 0) await sleep(wait);
        let response;
        try {
          response = await doFetch(url3, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json", "X-Shopify-Access-Token": options.accessToken },
            body: JSON.stringify({ query, variables }),
            redirect: "error",
            signal: AbortSignal.timeout(timeoutMs)
          });
        } catch (error) {
          lastProblem = `the platform could not be reached (${error instanceof Error ? error.message : String(error)})`;
          if (attempt < maxAttempts) await sleep(backoff(attempt));
          continue;
        }
        if (response.status === 429 || response.status >= 500) {
          lastProblem = `the platform answered ${response.status}`;
          const retryAfter = Number(response.headers.get("retry-after"));
          if (attempt < maxAttempts) await sleep(Math.max(backoff(attempt), Number.isFinite(retryAfter) ? retryAfter * 1e3 : 0));
          continue;
        }
        if (response.status === 401 || response.status === 403) {
          throw new StorefrontSyncError(`The platform refused the shop's access token (${response.status}); reinstall the app`, false);
        }
        if (!response.ok) throw new StorefrontSyncError(`The platform answered ${response.status} to ${operation}`, false);
        const body = await response.json().catch(() => null);
        if (!body) throw new StorefrontSyncError(`The platform answered ${operation} with something that is not JSON`, true);
        remember(operation, body.extensions?.cost);
        const errors = body.errors ?? [];
        if (errors.some((e) => e.extensions?.code === "THROTTLED")) {
          lastProblem = "the platform kept throttling the calls";
          if (attempt < maxAttempts) await sleep(Math.max(backoff(attempt), waitFor(costs.get(operation) ?? DEFAULT_COST)));
          continue;
        }
        if (errors.length) {
          const message = errors.map((e) => e.message ?? e.extensions?.code ?? "error").join("; ");
          throw new StorefrontSyncError(`The platform refused ${operation}: ${message}`, false);
        }
        if (!body.data) throw new StorefrontSyncError(`The platform answered ${operation} without data`, true);
        return body.data;
      }
      throw new StorefrontSyncError(`${operation} failed after ${maxAttempts} attempts: ${lastProblem}`, true);
    }
  };
}

// src/server/adapters/storefront/shopify/product-set-input.ts
var DEFAULT_OPTION = { name: "Title", value: "Default Title" };
var PRODUCT_SET_MUTATION = `mutation ProductSet($input: ProductSetInput!) {
  productSet(input: $input, synchronous: true) {
    product { id }
    userErrors { field message code }
  }
}`;
var PLATFORM_TYPES = /* @__PURE__ */ new Set([
  "single_line_text_field",
  "multi_line_text_field",
  "rich_text_field",
  "boolean",
  "number_integer",
  "number_decimal",
  "date",
  "date_time",
  "url",
  "json",
  "color",
  "money",
  "rating",
  "weight",
  "dimension",
  "volume",
  "list.single_line_text_field",
  "list.url",
  "list.date",
  "list.number_integer",
  "list.number_decimal",
  "list.color"
]);
var URL_TYPES = /* @__PURE__ */ new Set(["url", "terms", "video", "file", "image", "media", "list_media"]);
var NAMESPACE = /^[A-Za-z0-9_-]{3,255}$/;
var KEY3 = /^[A-Za-z0-9_-]{2,64}$/;
var isWebUrl = (v2) => typeof v2 === "string" && /^https?:\/\/\S+$/i.test(v2);
function toPlatformMetafield(m) {
  const { value } = m;
  if (value === null || value === void 0 || value === "" || Array.isArray(value) && value.length === 0) return null;
  if (!NAMESPACE.test(m.namespace) || !KEY3.test(m.key)) return null;
  const base = { namespace: m.namespace, key: m.key };
  if (PLATFORM_TYPES.has(m.type)) return { ...base, type: m.type, value: typeof value === "string" ? value : JSON.stringify(value) };
  if (typeof value === "boolean") return { ...base, type: "boolean", value: String(value) };
  if (typeof value === "number") return { ...base, type: Number.isInteger(value) ? "number_integer" : "number_decimal", value: String(value) };
  if (Array.isArray(value)) {
    const urls = URL_TYPES.has(m.type) && value.every(isWebUrl);
    return { ...base, type: urls ? "list.url" : "list.single_line_text_field", value: JSON.stringify(value.map(String)) };
  }
  const text16 = String(value);
  if (URL_TYPES.has(m.type) && isWebUrl(text16)) return { ...base, type: "url", value: text16 };
  if (m.type === "date" && /^\d{4}-\d{2}-\d{2}$/.test(text16)) return { ...base, type: "date", value: text16 };
  if (m.type === "date_time" && !Number.isNaN(Date.parse(text16))) return { ...base, type: "date_time", value: new Date(text16).toISOString() };
  const multiline = m.type === "textarea" || m.type === "richtext" || text16.includes("\n");
  return { ...base, type: multiline ? "multi_line_text_field" : "single_line_text_field", value: text16 };
}
var fileOf = (m) => ({ originalSource: m.src, contentType: m.contentType, alt: m.alt });
var metafieldsOf = (list) => list.map(toPlatformMetafield).filter((m) => m !== null);
function optionsOf(product) {
  if (product.options.length === 0) return [{ name: DEFAULT_OPTION.name, values: [DEFAULT_OPTION.value] }];
  return product.options.map((option, i) => {
    const values = [...option.values];
    for (const v2 of product.variants) if (v2.options[i] && !values.includes(v2.options[i])) values.push(v2.options[i]);
    return { name: option.name, values };
  });
}
function toProductSetInput(product, context2 = {}) {
  const options = optionsOf(product);
  const price2 = (minor) => formatMinorUnits(minor, product.currencyDecimals);
  const files2 = [];
  for (const m of [...product.media, ...product.variants.flatMap((v2) => v2.media.slice(0, 1))]) {
    if (!files2.some((f) => f.originalSource === m.src)) files2.push(fileOf(m));
  }
  const variants = product.variants.map((v2, index13) => {
    const id = context2.variantIds?.get(v2.id);
    const firstMedia = v2.media[0];
    return {
      ...id ? { id } : {},
      optionValues: options.map((o, i) => ({ optionName: o.name, name: product.options.length ? v2.options[i] : DEFAULT_OPTION.value })),
      position: index13 + 1,
      sku: v2.sku,
      price: price2(v2.price),
      compareAtPrice: v2.compareAt === null ? null : price2(v2.compareAt),
      barcode: v2.barcode || null,
      taxable: v2.taxable,
      inventoryItem: {
        tracked: v2.trackStock,
        requiresShipping: v2.requiresShipping,
        measurement: { weight: { unit: v2.weightUnit, value: v2.weight } }
      },
      ...v2.trackStock && context2.locationId ? { inventoryQuantities: [{ locationId: context2.locationId, name: "available", quantity: v2.stock }] } : {},
      ...firstMedia ? { file: fileOf(firstMedia) } : {},
      metafields: metafieldsOf(v2.metafields)
    };
  });
  return {
    ...context2.productId ? { id: context2.productId } : {},
    title: product.title,
    descriptionHtml: product.bodyHtml,
    handle: product.handle,
    vendor: product.vendor,
    status: "ACTIVE",
    seo: { title: product.seo.title, description: product.seo.description },
    productOptions: options.map((o, i) => ({ name: o.name, position: i + 1, values: o.values.map((name) => ({ name })) })),
    files: files2,
    metafields: metafieldsOf(product.metafields),
    variants
  };
}

// src/server/adapters/storefront/shopify/shopify-storefront.ts
var PRIMARY_LOCATION_QUERY = `query PrimaryLocation {
  location { id }
}`;
var PRODUCT_VARIANTS_QUERY = `query ProductVariants($id: ID!, $after: String) {
  product(id: $id) {
    id
    variants(first: 250, after: $after) {
      nodes { id sku selectedOptions { name value } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;
var PRODUCT_UNPUBLISH_MUTATION = `mutation ProductUnpublish($product: ProductUpdateInput!) {
  productUpdate(product: $product) {
    product { id status }
    userErrors { field message }
  }
}`;
var PRODUCT_DELETE_MUTATION = `mutation ProductDelete($input: ProductDeleteInput!) {
  productDelete(input: $input) {
    deletedProductId
    userErrors { field message }
  }
}`;
var describe = (errors) => errors.map((e) => e.field?.length ? `${e.field.join(".")}: ${e.message}` : e.message).join("; ");
var isMissing2 = (errors) => errors.some((e) => e.code === "PRODUCT_DOES_NOT_EXIST" || /does not exist|not found|could not be found/i.test(e.message));
var optionKey = (values) => values.join("\0");
function createShopifyStorefront(options) {
  const { client, platformIdOf } = options;
  let location = options.locationId === void 0 ? void 0 : Promise.resolve(options.locationId);
  const primaryLocation = () => {
    location ??= client.request(PRIMARY_LOCATION_QUERY).then((data) => data.location?.id ?? null).catch((error) => {
      location = void 0;
      if (error instanceof StorefrontSyncError && !error.retryable) return null;
      throw error;
    });
    return location;
  };
  async function platformVariants(productId) {
    const all = [];
    let after = null;
    for (; ; ) {
      const data = await client.request(PRODUCT_VARIANTS_QUERY, { id: productId, after });
      if (!data.product) return null;
      all.push(...data.product.variants.nodes);
      if (!data.product.variants.pageInfo.hasNextPage) return all;
      after = data.product.variants.pageInfo.endCursor;
    }
  }
  function matchVariants(product, existing) {
    const names = optionsOf(product).map((o) => o.name);
    const byOptions = /* @__PURE__ */ new Map();
    for (const v2 of existing) byOptions.set(optionKey(names.map((n) => v2.selectedOptions.find((s) => s.name === n)?.value ?? "")), v2);
    const used = /* @__PURE__ */ new Set();
    const ids = /* @__PURE__ */ new Map();
    for (const ours of product.variants) {
      const values = product.options.length ? ours.options : [DEFAULT_OPTION.value];
      let match = byOptions.get(optionKey(values));
      if (!match || used.has(match.id)) match = existing.find((e) => !used.has(e.id) && ours.sku !== "" && e.sku === ours.sku);
      if (match && !used.has(match.id)) {
        used.add(match.id);
        ids.set(ours.id, match.id);
      }
    }
    return ids;
  }
  return {
    kind: "shopify",
    async publishProduct(product) {
      let productId = await platformIdOf(product.id);
      let variantIds = /* @__PURE__ */ new Map();
      if (productId) {
        const existing = await platformVariants(productId);
        if (existing === null) productId = null;
        else variantIds = matchVariants(product, existing);
      }
      const input = toProductSetInput(product, { productId, variantIds, locationId: await primaryLocation() });
      const data = await client.request(PRODUCT_SET_MUTATION, { input });
      const { userErrors, product: saved } = data.productSet;
      if (userErrors.length) throw new StorefrontSyncError(`The platform refused the product: ${describe(userErrors)}`, false);
      if (!saved) throw new StorefrontSyncError("The platform answered productSet without the product", true);
      return { platformProductId: saved.id };
    },
    async unpublishProduct(productId) {
      const id = await platformIdOf(productId);
      if (!id) return;
      const data = await client.request(PRODUCT_UNPUBLISH_MUTATION, { product: { id, status: "DRAFT" } });
      const errors = data.productUpdate.userErrors;
      if (errors.length && !isMissing2(errors)) throw new StorefrontSyncError(`The platform refused to unpublish the product: ${describe(errors)}`, false);
    },
    async removeProduct(productId) {
      const id = await platformIdOf(productId);
      if (!id) return;
      const data = await client.request(PRODUCT_DELETE_MUTATION, { input: { id } });
      const errors = data.productDelete.userErrors;
      if (errors.length && !isMissing2(errors)) throw new StorefrontSyncError(`The platform refused to delete the product: ${describe(errors)}`, false);
    }
  };
}

// src/server/modules/storefront-sync/storefront-platform-for.ts
async function storefrontPlatformFor(ctx2, storeId, platformIdOf, deps = {}) {
  const [install] = await ctx2.db.select({ shop: platformInstallations.shop, accessTokenEnc: platformInstallations.accessTokenEnc }).from(platformInstallations).where(and57(eq77(platformInstallations.storeId, storeId), eq77(platformInstallations.kind, "marketplace"))).orderBy(desc8(platformInstallations.updatedAt)).limit(1);
  if (!install?.accessTokenEnc) return { platform: createLocalStorefront(), shop: null };
  let accessToken;
  try {
    accessToken = (await getEncryption(ctx2.db)).decrypt(install.accessTokenEnc, install.shop);
  } catch {
    throw new StorefrontSyncError(`The access token of ${install.shop} cannot be read; install the app on the shop again`, false);
  }
  const client = createAdminGraphqlClient({
    shop: install.shop,
    accessToken,
    apiVersion: ctx2.config.shopify.apiVersion,
    baseUrlFor: baseUrlFromTemplate(ctx2.config.shopify.adminBaseUrl),
    fetch: deps.fetch,
    sleep: deps.sleep
  });
  return { platform: createShopifyStorefront({ client, platformIdOf: (productId) => platformIdOf(productId, install.shop) }), shop: install.shop };
}

// src/server/modules/storefront-sync/sync-product.ts
var LEASE_MS = 5 * 60 * 1e3;
async function syncProduct(ctx2, productId, deps = {}) {
  const [product] = await ctx2.db.select().from(products).where(eq78(products.id, productId));
  const [listing] = await ctx2.db.select().from(storefrontListings).where(eq78(storefrontListings.productId, productId));
  const wanted = !product ? "removed" : isSellable(product) ? "published" : "unpublished";
  if (wanted !== "published" && !listing) return "unchanged";
  const storeId = product?.storeId ?? listing.storeId;
  const now = ctx2.now();
  const [claimed] = await ctx2.db.insert(storefrontListings).values({ productId, storeId, lockedUntil: new Date(now.getTime() + LEASE_MS) }).onConflictDoUpdate({
    target: storefrontListings.productId,
    set: { lockedUntil: new Date(now.getTime() + LEASE_MS) },
    setWhere: or4(isNull17(storefrontListings.lockedUntil), lt6(storefrontListings.lockedUntil, now))
  }).returning();
  if (!claimed) throw new Error("Another sync of this product is running; trying again later");
  const release = (set = {}) => ctx2.db.update(storefrontListings).set({ ...set, lockedUntil: null }).where(eq78(storefrontListings.productId, productId));
  try {
    const { platform, shop } = await storefrontPlatformFor(
      ctx2,
      storeId,
      async (_id, forShop) => claimed.platform === "shopify" && claimed.shop === forShop ? claimed.platformProductId : null,
      deps
    );
    const samePlace = claimed.platform === platform.kind && claimed.shop === shop;
    if (wanted === "removed") {
      await platform.removeProduct(productId);
      await ctx2.db.delete(storefrontListings).where(eq78(storefrontListings.productId, productId));
      return "removed";
    }
    if (wanted === "unpublished") {
      if (claimed.state === "unpublished") {
        await release();
        return "unchanged";
      }
      await platform.unpublishProduct(productId);
      await release({ state: "unpublished", syncedUpdatedAt: product.updatedAt, syncedAt: ctx2.now(), lastError: null });
      return "unpublished";
    }
    if (samePlace && claimed.state === "published" && claimed.syncedUpdatedAt?.getTime() === product.updatedAt.getTime()) {
      await release();
      return "unchanged";
    }
    const result = await platform.publishProduct(await loadStorefrontProduct(ctx2, product));
    await release({
      platform: platform.kind,
      shop,
      // A product moved from one shop to another (or to the built-in storefront) keeps no stale platform id.
      platformProductId: result.platformProductId,
      state: "published",
      syncedUpdatedAt: product.updatedAt,
      syncedAt: ctx2.now(),
      lastError: null
    });
    return "published";
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2e3);
    await release({ lastError: message });
    if (error instanceof StorefrontSyncError && !error.retryable) return "refused";
    throw error;
  }
}
var syncProductJob = (ctx2, deps = {}) => async (payload) => {
  await syncProduct(ctx2, String(payload.productId), deps);
};

// src/server/modules/storefront-sync/index.ts
function registerStorefrontSync(ctx2, deps = {}) {
  ctx2.jobs.register(STOREFRONT_SYNC_JOB, syncProductJob(ctx2, deps));
}

// src/server/web-app.ts
import { existsSync, statSync } from "node:fs";
import path5 from "node:path";
import fastifyStatic from "@fastify/static";
async function registerWebApp(app2, config2) {
  const root = config2.webDist;
  const page2 = { config: { policy: "public" }, schema: { hide: true } };
  app2.get("/", page2, (_request, reply) => reply.redirect("/app"));
  if (!existsSync(path5.join(root, "index.html"))) {
    app2.get(
      "/app",
      page2,
      (_request, reply) => reply.type("text/plain").send("The web app is not built yet: run `npm run build` (npm start does it for you).")
    );
    return;
  }
  await app2.register(fastifyStatic, { root, serve: false });
  const isFile = (relative) => {
    const target = path5.resolve(root, relative);
    if (!target.startsWith(root + path5.sep)) return false;
    try {
      return statSync(target).isFile();
    } catch {
      return false;
    }
  };
  const serve = (request, reply) => {
    const relative = request.params["*"] ?? "";
    if (relative && relative !== "index.html" && isFile(relative)) {
      if (relative.startsWith("assets/")) reply.header("cache-control", "public, max-age=31536000, immutable");
      return reply.sendFile(relative);
    }
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  };
  app2.get("/app", page2, serve);
  app2.get("/app/*", page2, serve);
  app2.get("/favicon.ico", page2, (_request, reply) => reply.redirect("/app/favicon.svg", 301));
}

// src/server/http/rate-limit-store.ts
import { and as and58, eq as eq79, lt as lt7, sql as sql41 } from "drizzle-orm";
async function countHit(db, key, windowMs, now) {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const end = new Date(start + windowMs);
  const [row] = await db.insert(rateLimitHits).values({ key, windowStart: new Date(start), count: 1, expiresAt: end }).onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { count: sql41`${rateLimitHits.count} + 1` } }).returning({ count: rateLimitHits.count });
  if (row.count === 1) await db.delete(rateLimitHits).where(lt7(rateLimitHits.expiresAt, now));
  return { current: row.count, ttl: end.getTime() - now.getTime() };
}
async function readHits(db, key, windowMs, now) {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  const [row] = await db.select({ count: rateLimitHits.count }).from(rateLimitHits).where(and58(eq79(rateLimitHits.key, key), eq79(rateLimitHits.windowStart, new Date(start))));
  return { current: row?.count ?? 0, ttl: start + windowMs - now.getTime() };
}
function postgresRateLimitStore(db, now) {
  return class PostgresRateLimitStore {
    constructor(prefix = "") {
      this.prefix = prefix;
    }
    prefix;
    child(params) {
      const method = [params.routeInfo?.method ?? ""].flat().join(",");
      return new PostgresRateLimitStore(`${params.groupId ?? `${method} ${params.routeInfo?.url ?? ""}`}|`);
    }
    incr(key, callback, timeWindow) {
      countHit(db, this.prefix + key, timeWindow, now()).then((hit) => callback(null, hit), callback);
    }
    read(key, callback, timeWindow) {
      readHits(db, this.prefix + key, timeWindow, now()).then((hit) => callback(null, hit), callback);
    }
  };
}

// src/server/app.ts
async function buildApp({ config: config2, database: database2, now = () => /* @__PURE__ */ new Date(), logger }) {
  const app2 = Fastify({
    logger: logger === false ? false : { level: config2.logLevel },
    trustProxy: config2.trustProxy,
    bodyLimit: 1024 * 1024
  }).withTypeProvider();
  app2.setValidatorCompiler(strictValidatorCompiler);
  app2.setSerializerCompiler(serializerCompiler);
  const db = database2.db;
  const jobs2 = new JobQueue(db, app2.log);
  const [jwtSecret, uploadSecret] = await Promise.all([
    config2.jwtSecret ? Promise.resolve(config2.jwtSecret) : getOrCreateSecret(db, "jwt"),
    getOrCreateSecret(db, "upload")
  ]);
  const ctx2 = {
    config: config2,
    db,
    dbKind: database2.kind,
    jobs: jobs2,
    tokens: new TokenService(jwtSecret, now),
    mailer: new Mailer(db, jobs2, createMailTransport(config2.smtpUrl), config2.mailFrom),
    storage: createFileStorage(config2),
    payments: createPaymentProviders(config2),
    uploadSecret,
    now
  };
  await app2.register(swagger, {
    openapi: {
      info: { title: "Marketplace back-office API", version: "1.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" }, cookie: { type: "apiKey", in: "cookie", name: "mp_session" } } }
    },
    transform: jsonSchemaTransform
  });
  await app2.register(cookie);
  await app2.register(formbody);
  await app2.register(helmet, {
    // The app is embedded in the storefront admin, so framing is allowed; scripts stay same-origin.
    frameguard: false,
    // HSTS and upgrade-insecure-requests only make sense once the product is served over https.
    hsts: config2.publicUrl.startsWith("https:"),
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        mediaSrc: ["'self'", "blob:", "https:"],
        frameSrc: ["'self'", "https://www.youtube.com", "https://www.youtube-nocookie.com"],
        frameAncestors: ["*"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: config2.publicUrl.startsWith("https:") ? [] : null
      }
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "cross-origin" }
  });
  await app2.register(rateLimit, { global: false, store: postgresRateLimitStore(db, now) });
  installErrorHandler(app2);
  installJsonBodyRule(app2);
  const routes = installPolicyGuard(app2, (request) => authenticate(ctx2, request));
  registerHealthRoutes(app2, ctx2);
  registerAuthRoutes(app2, ctx2);
  registerRegistrationRoutes(app2, ctx2);
  registerSettingsRoutes(app2, ctx2);
  registerVendorRoutes(app2, ctx2);
  registerMetafieldRoutes(app2, ctx2);
  registerVendorPageRoutes(app2, ctx2);
  registerUploadRoutes(app2, ctx2);
  registerPublicRoutes(app2, ctx2);
  registerPlatformAuthRoutes(app2, ctx2);
  registerCommissionRoutes(app2, ctx2);
  registerDeliveryRoutes(app2, ctx2);
  registerNotificationRoutes(app2, ctx2);
  registerProductRoutes(app2, ctx2);
  registerCatalogRoutes(app2, ctx2);
  registerCsvImportRoutes(app2, ctx2);
  registerImageRoutes(app2, ctx2);
  registerOrderRoutes(app2, ctx2);
  registerFinanceRoutes(app2, ctx2);
  registerPaymentRoutes(app2, ctx2);
  registerDutyDigestJob(ctx2);
  registerPlatformWebhookRoutes(app2, ctx2);
  registerStorefrontSync(ctx2);
  registerDocsRoutes(app2);
  await registerWebApp(app2, config2);
  app2.addHook("onClose", async () => {
    await jobs2.stop();
  });
  return { app: app2, ctx: ctx2, routes };
}

// src/server/db/seed-demo.ts
import { eq as eq80, sql as sql42 } from "drizzle-orm";
var DEMO_STORE = "demo";
var DEMO_ACCOUNTS = {
  admin: "admin@demo.test",
  vendor1: "vendor1@demo.test",
  vendor2: "vendor2@demo.test"
};
var DEMO_REGISTRATION_FIELDS = [
  { key: "company", name: "Company name", type: "text", required: true, description: "", options: [], link: "" },
  { key: "about", name: "About your shop", type: "textarea", required: false, description: "What do you sell?", options: [], link: "" },
  { key: "story", name: "Your story", type: "richtext", required: false, description: "", options: [], link: "" },
  { key: "categories", name: "Categories", type: "checkbox", required: true, description: "", options: ["Fashion", "Home", "Art", "Food"], link: "" },
  { key: "country", name: "Country", type: "select", required: true, description: "", options: ["Netherlands", "Germany", "France", "Spain", "Other"], link: "" },
  { key: "kvk", name: "Chamber of commerce extract", type: "file", required: false, description: "PDF or image", options: [], link: "" },
  { key: "terms", name: "I agree to the terms and conditions", type: "terms", required: true, description: "", options: [], link: "https://example.com/terms" },
  { key: "intro", name: "How selling here works", type: "video", required: false, description: "", options: [], link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
  { key: "logo", name: "Shop logo", type: "image", required: true, description: "", options: [], link: "" },
  { key: "gallery", name: "Product photos or videos", type: "media", required: false, description: "", options: [], link: "" }
];
async function seedDemo(db, password) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.insert(stores).values({
      id: DEMO_STORE,
      shopName: "Demo Marketplace",
      settings: {
        registration: { enableApproval: true, fields: DEMO_REGISTRATION_FIELDS },
        support: { title: "Demo Marketplace support", email: "support@demo.test" },
        // The demo has a delivery zone: its screen is on.
        features: { delivery: { enabled: true } }
      }
    });
    const [one, two] = await tx.insert(vendors).values([
      { storeId: DEMO_STORE, name: "Vendor One" },
      { storeId: DEMO_STORE, name: "Vendor Two" }
    ]).returning();
    await tx.insert(users).values([
      { storeId: DEMO_STORE, email: DEMO_ACCOUNTS.admin, name: "Demo Admin", isAdmin: true, passwordHash },
      { storeId: DEMO_STORE, email: DEMO_ACCOUNTS.vendor1, name: null, vendorId: one.id, passwordHash },
      { storeId: DEMO_STORE, email: DEMO_ACCOUNTS.vendor2, name: null, vendorId: two.id, passwordHash }
    ]);
  });
}
async function seedDemoIfEmpty(database2, config2) {
  const wanted = config2.seedDemo === "true" || config2.seedDemo === "auto" && database2.kind === "pglite";
  const [{ count: count2 }] = await database2.db.select({ count: sql42`count(*)::int` }).from(stores);
  const fresh = wanted && count2 === 0;
  if (fresh) await seedDemo(database2.db, config2.demoPassword);
  const [demo] = await database2.db.select({ id: stores.id }).from(stores).where(eq80(stores.id, DEMO_STORE));
  return demo ? { emails: Object.values(DEMO_ACCOUNTS), password: config2.demoPassword, fresh } : null;
}

// src/server/demo/seed-demo-sales.ts
import { randomUUID as randomUUID9 } from "node:crypto";
import { and as and59, eq as eq81 } from "drizzle-orm";
var DAY_MS3 = 24 * 60 * 60 * 1e3;
var PRODUCTS = [
  { vendor: "Vendor One", title: "Stoneware mug", price: "18.00", sku: "ONE-MUG", stock: 40 },
  { vendor: "Vendor One", title: "Linen tea towel", price: "12.50", sku: "ONE-TOWEL", stock: 25 },
  { vendor: "Vendor Two", title: "Brass desk lamp", price: "89.00", sku: "TWO-LAMP", stock: 8 },
  { vendor: "Vendor Two", title: "Walnut serving board", price: "45.00", sku: "TWO-BOARD", stock: 12 }
];
var BUYERS = [
  { name: "Alex Jansen", email: "alex@buyer.example", city: "Amsterdam", country: "NL" },
  { name: "Sam Peeters", email: "sam@buyer.example", city: "Antwerpen", country: "BE" },
  { name: "Kim Weber", email: "kim@buyer.example", city: "K\xF6ln", country: "DE" }
];
async function seedDemoSales(ctx2) {
  const [admin] = await ctx2.db.select().from(users).where(and59(eq81(users.storeId, DEMO_STORE), eq81(users.email, DEMO_ACCOUNTS.admin)));
  const auth = { userId: admin.id, storeId: DEMO_STORE, email: admin.email, name: admin.name, isAdmin: true, vendor: "*", vendorId: null };
  await ctx2.db.insert(deliveryZones).values({
    storeId: DEMO_STORE,
    vendorId: null,
    zone: { zoneName: "Benelux and Germany", rates: [{ name: "Standard", description: "2-4 days", price: 4.95 }], countries: [{ code: "NL" }, { code: "BE" }, { code: "DE" }] }
  });
  const variants = [];
  for (const p of PRODUCTS) {
    const { productId } = await createOrUpdateProduct(ctx2, auth, {
      title: p.title,
      vendor: p.vendor,
      status: "ACTIVE",
      bodyHtml: `<p>${p.title}, made by ${p.vendor}.</p>`,
      variants: [{ price: p.price, stock: p.stock, trackStock: true, sku: p.sku }]
    });
    const [variant] = await ctx2.db.select().from(productVariants).where(eq81(productVariants.productId, productId));
    variants.push({ id: variant.id, price: variant.price, title: p.title, sku: p.sku });
  }
  const now = ctx2.now().getTime();
  const carts = [
    { daysAgo: 20, buyer: 0, items: [[0, 2], [2, 1]] },
    { daysAgo: 12, buyer: 1, items: [[1, 3]] },
    { daysAgo: 6, buyer: 2, items: [[3, 1], [0, 1]] },
    { daysAgo: 2, buyer: 0, items: [[2, 1]] },
    { daysAgo: 0, buyer: 1, items: [[0, 1], [1, 1], [3, 1]] }
  ];
  for (const [index13, cart] of carts.entries()) {
    const buyer = BUYERS[cart.buyer];
    const { orderId } = await ingestOrder(ctx2, DEMO_STORE, {
      source: "local",
      platformOrderId: randomUUID9(),
      name: `#${1001 + index13}`,
      currency: "USD",
      customer: { name: buyer.name, email: buyer.email, phone: "" },
      shippingAddress: { name: buyer.name, company: "", street1: `${10 + index13} Market Street`, street2: "", city: buyer.city, zip: "1000", province: "", country: buyer.country, phone: "" },
      billingAddress: null,
      lines: cart.items.map(([v2, quantity]) => ({
        platformLineId: randomUUID9(),
        variantId: variants[v2].id,
        sku: variants[v2].sku,
        vendorName: null,
        title: variants[v2].title,
        variantTitle: "",
        quantity,
        price: variants[v2].price,
        discount: 0,
        tax: 0
      })),
      shipping: 495,
      placedAt: new Date(now - cart.daysAgo * DAY_MS3)
    });
    if (index13 === 0) {
      for (const part of await ctx2.db.select().from(vendorOrders).where(eq81(vendorOrders.orderId, orderId))) {
        const lines = await ctx2.db.select().from(orderLines).where(eq81(orderLines.vendorOrderId, part.id));
        await fulfillOrder(ctx2, auth, part.id, { carrier: "PostNL", tracking: `3SDEMO${1001 + index13}`, lineItems: lines.map((l) => ({ id: l.id, quantity: l.quantity })) });
      }
    }
  }
}

// src/server/modules/payments/start-payout-jobs.ts
async function startPayoutJobs(ctx2) {
  await schedulePayoutRecovery(ctx2);
  await scheduleAllAutomatedPayouts(ctx2);
  void recoverPayouts(ctx2).catch((error) => console.error("payout recovery failed", error));
}

// src/server/main.ts
import path6 from "node:path";
var config = loadConfig();
var database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? void 0 : path6.join(config.dataDir, "db")
});
var seeded = await seedDemoIfEmpty(database, config);
var { app, ctx } = await buildApp({ config, database });
if (seeded?.fresh) await seedDemoSales(ctx);
await app.listen({ port: config.port, host: config.host });
ctx.jobs.start();
await scheduleAllDutyDigests(ctx);
await startPayoutJobs(ctx);
var url2 = `http://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${config.port}/app`;
console.log(`
  Marketplace back-office is running at ${url2}`);
console.log(`  Database: ${database.kind === "pglite" ? `PGlite in ${path6.join(config.dataDir, "db")}` : "PostgreSQL"}; mail: ${ctx.mailer.transportKind}`);
if (seeded) {
  console.log('\n  Demo credentials (store "demo"; for trying the product only):');
  for (const email2 of seeded.emails) console.log(`    ${email2}  /  ${seeded.password}`);
}
console.log("");
var shuttingDown = false;
async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, "shutting down");
  setTimeout(() => {
    app.log.error("shutdown took too long; exiting");
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  try {
    await Promise.all([ctx.jobs.stop(), app.close()]);
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void shutdown(signal));
