import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * The parts of ProductSetInput the platform documents and our adapter sends; unknown fields are
 * refused (`strict`) like the platform refuses them, so a misspelt field fails a test.
 */
const Money = z.string().regex(/^\d+(\.\d+)?$/);
const Gid = (type: string) => z.string().regex(new RegExp(`^gid://shopify/${type}/\\d+$`));
const FileSet = z.strictObject({
  originalSource: z.string().url(),
  contentType: z.enum(['IMAGE', 'VIDEO', 'EXTERNAL_VIDEO', 'FILE']).optional(),
  alt: z.string().optional(),
  id: z.string().optional(),
});
const Metafield = z.strictObject({ namespace: z.string().min(3), key: z.string().min(2), type: z.string(), value: z.string() });
const VariantSet = z.strictObject({
  id: Gid('ProductVariant').optional(),
  optionValues: z.array(z.strictObject({ optionName: z.string().min(1), name: z.string().min(1) })).min(1),
  position: z.number().int().min(1).optional(),
  sku: z.string().optional(),
  price: Money.optional(),
  compareAtPrice: Money.nullable().optional(),
  barcode: z.string().nullable().optional(),
  taxable: z.boolean().optional(),
  inventoryItem: z
    .strictObject({
      tracked: z.boolean().optional(),
      requiresShipping: z.boolean().optional(),
      measurement: z
        .strictObject({ weight: z.strictObject({ unit: z.enum(['GRAMS', 'KILOGRAMS', 'OUNCES', 'POUNDS']), value: z.number().min(0) }) })
        .optional(),
    })
    .optional(),
  inventoryQuantities: z
    .array(z.strictObject({ locationId: Gid('Location'), name: z.enum(['available', 'on_hand']), quantity: z.number().int() }))
    .optional(),
  file: FileSet.optional(),
  metafields: z.array(Metafield).optional(),
});
export const ProductSetInputSchema = z.strictObject({
  id: Gid('Product').optional(),
  title: z.string().min(1),
  descriptionHtml: z.string().optional(),
  handle: z.string().optional(),
  vendor: z.string().optional(),
  status: z.enum(['ACTIVE', 'DRAFT', 'ARCHIVED']).optional(),
  templateSuffix: z.string().nullable().optional(),
  seo: z.strictObject({ title: z.string(), description: z.string() }).optional(),
  productOptions: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        position: z.number().int().optional(),
        values: z.array(z.strictObject({ name: z.string().min(1) })).min(1),
      }),
    )
    .max(3),
  files: z.array(FileSet).optional(),
  metafields: z.array(Metafield).optional(),
  variants: z.array(VariantSet).max(2048),
});
export type FakeProductSetInput = z.infer<typeof ProductSetInputSchema>;

/** DiscountCodeBasicInput as the platform documents it; unknown fields are refused like the platform does. */
export const DiscountCodeBasicInputSchema = z.strictObject({
  title: z.string().min(1),
  code: z.string().min(1),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime().nullable().optional(),
  customerGets: z.strictObject({
    value: z.union([
      z.strictObject({ percentage: z.number().min(0).max(1) }),
      z.strictObject({ discountAmount: z.strictObject({ amount: Money, appliesOnEachItem: z.boolean() }) }),
    ]),
    items: z.union([
      z.strictObject({ all: z.literal(true) }),
      z.strictObject({ products: z.strictObject({ productsToAdd: z.array(Gid('Product')).min(1) }) }),
    ]),
  }),
  minimumRequirement: z
    .union([
      z.strictObject({ subtotal: z.strictObject({ greaterThanOrEqualToSubtotal: Money }) }),
      z.strictObject({ quantity: z.strictObject({ greaterThanOrEqualToQuantity: z.string().regex(/^\d+$/) }) }),
    ])
    .nullable()
    .optional(),
  usageLimit: z.number().int().min(1).nullable().optional(),
  appliesOncePerCustomer: z.boolean().optional(),
  combinesWith: z.strictObject({ orderDiscounts: z.boolean(), productDiscounts: z.boolean(), shippingDiscounts: z.boolean() }).optional(),
});
export type FakeDiscountCodeInput = z.infer<typeof DiscountCodeBasicInputSchema>;
/** DiscountAutomaticBasicInput: no code and no usage limits (the platform counts no uses of an automatic discount). */
export const DiscountAutomaticBasicInputSchema = DiscountCodeBasicInputSchema.omit({
  code: true,
  usageLimit: true,
  appliesOncePerCustomer: true,
});
export type FakeAutomaticDiscountInput = z.infer<typeof DiscountAutomaticBasicInputSchema>;

/** CollectionInput as the platform documents it (the parts we send); the rule set is fixed once a collection is made. */
export const CollectionInputSchema = z.strictObject({
  id: Gid('Collection').optional(),
  title: z.string().min(1),
  descriptionHtml: z.string().optional(),
  handle: z.string().optional(),
  image: z.strictObject({ src: z.string().url(), altText: z.string().optional() }).nullable().optional(),
  templateSuffix: z.string().nullable().optional(),
  ruleSet: z
    .strictObject({
      appliedDisjunctively: z.boolean(),
      rules: z
        .array(
          z.strictObject({
            column: z.enum(['TITLE', 'TYPE', 'VENDOR', 'TAG', 'VARIANT_PRICE']),
            relation: z.enum(['EQUALS', 'NOT_EQUALS', 'CONTAINS', 'STARTS_WITH']),
            condition: z.string().min(1),
          }),
        )
        .min(1),
    })
    .optional(),
  metafields: z.array(Metafield).optional(),
});
export type FakeCollectionInput = z.infer<typeof CollectionInputSchema>;

/** appSubscriptionCreate's variables as the platform documents them (a recurring price every 30 days or a year). */
export const AppSubscriptionCreateSchema = z.strictObject({
  name: z.string().min(1).max(255),
  returnUrl: z.string().url(),
  test: z.boolean().nullable().optional(),
  lineItems: z
    .array(
      z.strictObject({
        plan: z.strictObject({
          appRecurringPricingDetails: z.strictObject({
            price: z.strictObject({ amount: Money, currencyCode: z.string().length(3) }),
            interval: z.enum(['EVERY_30_DAYS', 'ANNUAL']),
          }),
        }),
      }),
    )
    .min(1),
});
export interface FakeAppSubscription {
  id: string;
  shop: string;
  status: 'PENDING' | 'ACTIVE' | 'DECLINED' | 'EXPIRED' | 'FROZEN' | 'CANCELLED';
  input: z.infer<typeof AppSubscriptionCreateSchema>;
}

export interface RecordedCall {
  shop: string;
  version: string;
  token: string | undefined;
  operation: string;
  query: string;
  variables: Record<string, unknown>;
}

interface StoredProduct {
  id: string;
  status: string;
  input: FakeProductSetInput;
  variants: { id: string; sku: string; selectedOptions: { name: string; value: string }[] }[];
}

export interface FakeAdminOptions {
  /** Access token each shop accepts. */
  tokens: Record<string, string>;
  locationId?: string;
  /** Answer the location query with ACCESS_DENIED, like a shop without inventory scopes. */
  denyLocations?: boolean;
  /** What the shop has: its locations, sales channels (publications), languages and draft orders. */
  shop?: {
    locations: { id: string; name: string }[];
    publications: { id: string; name: string }[];
    locales: { locale: string; primary: boolean; published: boolean }[];
    draftOrders: number;
  };
  /** A vendor's own shop's products (by shop), as products(first:) and product(id: $productId) answer them. */
  sellerProducts?: Record<string, FakeSellerProduct[]>;
}

export interface FakeSellerProduct {
  id: string;
  title: string;
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  descriptionHtml: string;
  options: { name: string; values: string[] }[];
  images: { nodes: { url: string; altText: string | null }[] };
  variants: {
    nodes: { sku: string | null; price: string; inventoryQuantity: number | null; selectedOptions: { name: string; value: string }[] }[];
  };
}

/**
 * A webhook delivery as the platform sends it: the JSON body and its headers, the HMAC being
 * base64(HMAC-SHA256(the app's secret, the raw body)). For `app.inject({ method: 'POST', url: '/api/webhooks/shopify', ...signedWebhook(...) })`.
 */
export function signedWebhook(secret: string, delivery: { topic: string; shop: string; body: unknown }, eventId: string = randomUUID()) {
  const payload = JSON.stringify(delivery.body);
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': delivery.topic,
      'x-shopify-shop-domain': delivery.shop,
      'x-shopify-api-version': '2025-07',
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-event-id': eventId,
      'x-shopify-triggered-at': new Date().toISOString(),
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(payload, 'utf8').digest('base64'),
    },
  };
}

/**
 * An in-process stand-in for the platform's Admin GraphQL API: `POST /{shop}/admin/api/{version}/graphql.json`
 * with `X-Shopify-Access-Token`. It speaks productSet (synchronous), productUpdate, productDelete,
 * product(id).variants, location, locations/publications/shopLocales, draftOrdersCount, a seller shop's products(first:, after:) paged by cursor and product(id: $productId), order(id).fulfillmentOrders, fulfillmentCreate, discountCodeBasicCreate, discountCodeDelete, discountAutomaticBasicCreate/Update, discountAutomaticDelete, collectionCreate/Update/Delete, appSubscriptionCreate/Cancel, translatableResource (content and translations), translationsRegister, translationsRemove, answers `extensions.cost.throttleStatus` on every call, and can be
 * told to answer THROTTLED or to report an almost empty bucket. Used with SHOPIFY_ADMIN_BASE_URL=`{url}/{shop}`.
 */
export async function startFakeAdminGraphql(options: FakeAdminOptions) {
  const calls: RecordedCall[] = [];
  const products = new Map<string, StoredProduct>();
  const sellerProducts: Record<string, FakeSellerProduct[]> = options.sellerProducts ?? {};
  const discounts = new Map<string, FakeDiscountCodeInput>();
  const automaticDiscounts = new Map<string, FakeAutomaticDiscountInput>();
  const collections = new Map<string, FakeCollectionInput>();
  const subscriptions = new Map<string, FakeAppSubscription>();
  /** Registered translations by resource id, then by `locale:key`. */
  const translations = new Map<string, Map<string, { value: string; digest: string }>>();
  /** A product's translatable texts as the platform lists them, each with its digest (SHA-256 hex of the text). */
  const translatableContent = (product: StoredProduct) =>
    (
      [
        ['title', product.input.title],
        ['body_html', product.input.descriptionHtml ?? ''],
        ['handle', product.input.handle ?? ''],
        ['meta_title', product.input.seo?.title ?? ''],
        ['meta_description', product.input.seo?.description ?? ''],
      ] as const
    )
      .filter(([, value]) => value !== '')
      .map(([key, value]) => ({ key, value, digest: createHash('sha256').update(value).digest('hex'), locale: 'en' }));
  /** Orders by gid: one fulfillment order each, its line items with what is left to fulfil. */
  const orders = new Map<
    string,
    { fulfillmentOrderId: string; lineItems: { id: string; lineItemId: string; remainingQuantity: number }[] }
  >();
  const fulfillments: {
    id: string;
    orderId: string;
    trackingInfo: unknown;
    lineItems: { id: string; quantity: number }[];
    notifyCustomer: unknown;
  }[] = [];
  let nextId = 1000;
  let throttles = 0;
  let outages = 0;
  let available = 1000;
  const maximum = 1000;
  const restoreRate = 50;
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const cost = (requested: number) => ({
    requestedQueryCost: requested,
    actualQueryCost: requested,
    throttleStatus: { maximumAvailable: maximum, currentlyAvailable: available, restoreRate },
  });

  function productSet(input: FakeProductSetInput) {
    const names = input.productOptions.map((o) => o.name);
    const userErrors: { field: string[]; message: string; code: string }[] = [];
    input.variants.forEach((v, i) => {
      const given = v.optionValues.map((o) => o.optionName);
      if (given.join('|') !== names.join('|'))
        userErrors.push({
          field: ['input', 'variants', String(i), 'optionValues'],
          message: 'Option names do not match the product options',
          code: 'INVALID_VARIANT',
        });
      v.optionValues.forEach((o) => {
        const option = input.productOptions.find((p) => p.name === o.optionName);
        if (option && !option.values.some((value) => value.name === o.name)) {
          userErrors.push({
            field: ['input', 'variants', String(i), 'optionValues'],
            message: `Option value ${o.name} is not a value of ${o.optionName}`,
            code: 'OPTION_VALUE_DOES_NOT_EXIST',
          });
        }
      });
      if (v.file && !(input.files ?? []).some((f) => f.originalSource === v.file!.originalSource)) {
        userErrors.push({
          field: ['input', 'variants', String(i), 'file'],
          message: 'The variant file must also be a product file',
          code: 'INVALID_INPUT',
        });
      }
    });
    const sets = new Set(input.variants.map((v) => v.optionValues.map((o) => o.name).join('|')));
    if (sets.size !== input.variants.length)
      userErrors.push({
        field: ['input', 'variants'],
        message: 'Variants must have unique option values',
        code: 'DUPLICATED_OPTION_VALUE',
      });
    let existing: StoredProduct | undefined;
    if (input.id) {
      existing = products.get(input.id);
      if (!existing) userErrors.push({ field: ['input', 'id'], message: 'Product does not exist', code: 'PRODUCT_DOES_NOT_EXIST' });
    }
    if (userErrors.length) return { product: null, userErrors };
    const id = existing?.id ?? `gid://shopify/Product/${nextId++}`;
    const variants = input.variants.map((v) => ({
      id: v.id && existing?.variants.some((e) => e.id === v.id) ? v.id : `gid://shopify/ProductVariant/${nextId++}`,
      sku: v.sku ?? '',
      selectedOptions: v.optionValues.map((o) => ({ name: o.optionName, value: o.name })),
    }));
    products.set(id, { id, status: input.status ?? 'ACTIVE', input, variants });
    return { product: { id }, userErrors: [] };
  }

  const server: Server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const match = /^\/([^/]+)\/admin\/api\/(\d{4}-\d{2})\/graphql\.json$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) return answer(404, { errors: 'Not Found' });
    const shop = decodeURIComponent(match[1]);
    const token = request.headers['x-shopify-access-token'] as string | undefined;
    let body: { query?: string; variables?: Record<string, unknown> };
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      return answer(400, { errors: { query: 'Required parameter missing or invalid' } });
    }
    const query = body.query ?? '';
    const variables = body.variables ?? {};
    const operation = /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? '';
    calls.push({ shop, version: match[2], token, operation, query, variables });
    if (outages > 0) {
      outages--;
      return answer(503, { errors: 'Service Unavailable' });
    }
    if (!token || options.tokens[shop] !== token)
      return answer(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    if (throttles > 0) {
      throttles--;
      available = 0;
      answer(200, {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
        extensions: { cost: cost(10) },
      });
      available = maximum;
      return;
    }

    if (/productSet\(input: \$input, synchronous: true\)/.test(query)) {
      if (!/userErrors\s*\{[^}]*field[^}]*message/.test(query))
        return answer(200, { errors: [{ message: 'productSet must select userErrors' }] });
      const parsed = ProductSetInputSchema.safeParse(variables.input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return answer(200, {
          errors: [
            {
              message: `Variable $input of type ProductSetInput! was provided invalid value for ${issue.path.join('.')} (${issue.message})`,
              extensions: { code: 'INVALID_VARIABLE' },
            },
          ],
        });
      }
      return answer(200, { data: { productSet: productSet(parsed.data) }, extensions: { cost: cost(10 + parsed.data.variants.length) } });
    }
    if (/productUpdate\(product: \$product\)/.test(query)) {
      const input = variables.product as { id?: string; status?: string } | undefined;
      const found = input?.id ? products.get(input.id) : undefined;
      if (!found)
        return answer(200, {
          data: { productUpdate: { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] } },
          extensions: { cost: cost(10) },
        });
      if (input?.status) found.status = input.status;
      return answer(200, {
        data: { productUpdate: { product: { id: found.id, status: found.status }, userErrors: [] } },
        extensions: { cost: cost(10) },
      });
    }
    if (/productDelete\(input: \$input\)/.test(query)) {
      const id = (variables.input as { id?: string } | undefined)?.id ?? '';
      if (!products.delete(id))
        return answer(200, {
          data: { productDelete: { deletedProductId: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] } },
          extensions: { cost: cost(10) },
        });
      return answer(200, { data: { productDelete: { deletedProductId: id, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/product\(id: \$id\)/.test(query)) {
      const found = products.get(String(variables.id));
      const product = found
        ? { id: found.id, variants: { nodes: found.variants, pageInfo: { hasNextPage: false, endCursor: null } } }
        : null;
      return answer(200, { data: { product }, extensions: { cost: cost(5) } });
    }
    if (/\border\(id: \$id\)\s*\{\s*fulfillmentOrders/.test(query)) {
      const order = orders.get(String(variables.id));
      const nodes = order
        ? [
            {
              id: order.fulfillmentOrderId,
              lineItems: {
                nodes: order.lineItems.map((l) => ({ id: l.id, remainingQuantity: l.remainingQuantity, lineItem: { id: l.lineItemId } })),
              },
            },
          ]
        : [];
      return answer(200, { data: { order: order ? { fulfillmentOrders: { nodes } } : null }, extensions: { cost: cost(5) } });
    }
    if (/fulfillmentCreate\(fulfillment: \$fulfillment\)/.test(query)) {
      const input = variables.fulfillment as {
        lineItemsByFulfillmentOrder: { fulfillmentOrderId: string; fulfillmentOrderLineItems: { id: string; quantity: number }[] }[];
        trackingInfo?: unknown;
        notifyCustomer?: unknown;
      };
      const userErrors: { field: string[]; message: string }[] = [];
      const taken: { item: { remainingQuantity: number }; quantity: number }[] = [];
      let orderId = '';
      for (const group of input.lineItemsByFulfillmentOrder ?? []) {
        const entry = [...orders.entries()].find(([, o]) => o.fulfillmentOrderId === group.fulfillmentOrderId);
        if (!entry) {
          userErrors.push({ field: ['fulfillment', 'lineItemsByFulfillmentOrder'], message: 'Fulfillment order does not exist.' });
          continue;
        }
        orderId = entry[0];
        for (const line of group.fulfillmentOrderLineItems) {
          const item = entry[1].lineItems.find((l) => l.id === line.id);
          if (!item || line.quantity > item.remainingQuantity)
            userErrors.push({
              field: ['fulfillment', 'lineItemsByFulfillmentOrder'],
              message: 'Invalid fulfillment order line item quantity requested.',
            });
          else taken.push({ item, quantity: line.quantity });
        }
      }
      if (userErrors.length)
        return answer(200, { data: { fulfillmentCreate: { fulfillment: null, userErrors } }, extensions: { cost: cost(10) } });
      for (const { item, quantity } of taken) item.remainingQuantity -= quantity;
      const fulfillment = {
        id: `gid://shopify/Fulfillment/${nextId++}`,
        orderId,
        trackingInfo: input.trackingInfo,
        notifyCustomer: input.notifyCustomer,
        lineItems: input.lineItemsByFulfillmentOrder.flatMap((g) => g.fulfillmentOrderLineItems),
      };
      fulfillments.push(fulfillment);
      return answer(200, {
        data: { fulfillmentCreate: { fulfillment: { id: fulfillment.id, status: 'SUCCESS' }, userErrors: [] } },
        extensions: { cost: cost(10) },
      });
    }
    if (/discountCodeBasicCreate\(basicCodeDiscount: \$basicCodeDiscount\)/.test(query)) {
      const parsed = DiscountCodeBasicInputSchema.safeParse(variables.basicCodeDiscount);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return answer(200, {
          errors: [
            {
              message: `Variable $basicCodeDiscount of type DiscountCodeBasicInput! was provided invalid value for ${issue.path.join('.')} (${issue.message})`,
              extensions: { code: 'INVALID_VARIABLE' },
            },
          ],
        });
      }
      const taken = [...discounts.values()].some((d) => d.code.toLowerCase() === parsed.data.code.toLowerCase());
      if (taken)
        return answer(200, {
          data: {
            discountCodeBasicCreate: {
              codeDiscountNode: null,
              userErrors: [{ field: ['basicCodeDiscount', 'code'], message: 'Code must be unique. Please try a different code.' }],
            },
          },
          extensions: { cost: cost(10) },
        });
      const id = `gid://shopify/DiscountCodeNode/${nextId++}`;
      discounts.set(id, parsed.data);
      return answer(200, {
        data: { discountCodeBasicCreate: { codeDiscountNode: { id }, userErrors: [] } },
        extensions: { cost: cost(10) },
      });
    }
    if (/discountCodeDelete\(id: \$id\)/.test(query)) {
      const id = String(variables.id);
      if (!discounts.delete(id))
        return answer(200, {
          data: {
            discountCodeDelete: { deletedCodeDiscountId: null, userErrors: [{ field: ['id'], message: 'Discount does not exist' }] },
          },
          extensions: { cost: cost(10) },
        });
      return answer(200, { data: { discountCodeDelete: { deletedCodeDiscountId: id, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/translatableResource\(resourceId: \$resourceId\)\s*\{\s*translations\(locale: \$locale\)/.test(query)) {
      const stored = translations.get(String(variables.resourceId)) ?? new Map();
      const list = [...stored.entries()]
        .filter(([at]) => at.startsWith(`${String(variables.locale)}:`))
        .map(([at, t]) => ({ key: at.split(':')[1], value: t.value, locale: variables.locale }));
      return answer(200, {
        data: { translatableResource: products.has(String(variables.resourceId)) ? { translations: list } : null },
        extensions: { cost: cost(3) },
      });
    }
    if (/translationsRemove\(resourceId: \$resourceId, translationKeys: \$translationKeys, locales: \$locales\)/.test(query)) {
      const stored = translations.get(String(variables.resourceId)) ?? new Map();
      const removed = [];
      for (const locale of variables.locales as string[]) {
        for (const key of variables.translationKeys as string[]) if (stored.delete(`${locale}:${key}`)) removed.push({ key, locale });
      }
      return answer(200, { data: { translationsRemove: { translations: removed, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/translatableResource\(resourceId: \$resourceId\)/.test(query)) {
      const found = products.get(String(variables.resourceId));
      const resource = found ? { resourceId: found.id, translatableContent: translatableContent(found) } : null;
      return answer(200, { data: { translatableResource: resource }, extensions: { cost: cost(3) } });
    }
    if (/translationsRegister\(resourceId: \$resourceId, translations: \$translations\)/.test(query)) {
      const resourceId = String(variables.resourceId);
      const found = products.get(resourceId);
      const given = (variables.translations ?? []) as { locale: string; key: string; value: string; translatableContentDigest: string }[];
      const shopLocales = options.shop?.locales ?? [{ locale: 'en', primary: true, published: true }];
      const content = found ? translatableContent(found) : [];
      const userErrors = given.flatMap((t, i) => {
        const field = ['translations', String(i)];
        if (!found) return [{ field: ['resourceId'], message: 'Resource does not exist', code: 'RESOURCE_NOT_FOUND' }];
        if (!shopLocales.some((l) => l.locale === t.locale && !l.primary))
          return [{ field: [...field, 'locale'], message: 'Locale is not enabled for this shop', code: 'INVALID_LOCALE_FOR_SHOP' }];
        const source = content.find((c) => c.key === t.key);
        if (!source)
          return [{ field: [...field, 'key'], message: `Key ${t.key} is not a valid translatable field`, code: 'INVALID_KEY_FOR_MODEL' }];
        if (source.digest !== t.translatableContentDigest)
          return [
            {
              field: [...field, 'translatableContentDigest'],
              message: 'Translatable content hash is invalid',
              code: 'INVALID_TRANSLATABLE_CONTENT',
            },
          ];
        return [];
      });
      if (userErrors.length)
        return answer(200, { data: { translationsRegister: { translations: null, userErrors } }, extensions: { cost: cost(10) } });
      const stored = translations.get(resourceId) ?? new Map();
      for (const t of given) stored.set(`${t.locale}:${t.key}`, { value: t.value, digest: t.translatableContentDigest });
      translations.set(resourceId, stored);
      return answer(200, {
        data: {
          translationsRegister: { translations: given.map((t) => ({ key: t.key, locale: t.locale, value: t.value })), userErrors: [] },
        },
        extensions: { cost: cost(10) },
      });
    }
    if (/appSubscriptionCreate\(name: \$name, returnUrl: \$returnUrl, lineItems: \$lineItems, test: \$test\)/.test(query)) {
      const parsed = AppSubscriptionCreateSchema.safeParse(variables);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return answer(200, {
          errors: [
            {
              message: `Variable of appSubscriptionCreate was provided invalid value for ${issue.path.join('.')} (${issue.message})`,
              extensions: { code: 'INVALID_VARIABLE' },
            },
          ],
        });
      }
      if (Number(parsed.data.lineItems[0].plan.appRecurringPricingDetails.price.amount) <= 0) {
        return answer(200, {
          data: {
            appSubscriptionCreate: {
              appSubscription: null,
              confirmationUrl: null,
              userErrors: [{ field: ['lineItems'], message: 'Price must be greater than zero' }],
            },
          },
          extensions: { cost: cost(10) },
        });
      }
      const number = nextId++;
      const id = `gid://shopify/AppSubscription/${number}`;
      subscriptions.set(id, { id, shop, status: 'PENDING', input: parsed.data });
      const confirmationUrl = `https://${shop}/admin/charges/4242/${number}/RecurringApplicationCharge/confirm_recurring_application_charge?signature=fake`;
      return answer(200, {
        data: { appSubscriptionCreate: { appSubscription: { id, status: 'PENDING' }, confirmationUrl, userErrors: [] } },
        extensions: { cost: cost(10) },
      });
    }
    if (/appSubscriptionCancel\(id: \$id\)/.test(query)) {
      const found = subscriptions.get(String(variables.id));
      if (!found || found.shop !== shop)
        return answer(200, {
          data: { appSubscriptionCancel: { appSubscription: null, userErrors: [{ field: ['id'], message: 'Subscription not found' }] } },
          extensions: { cost: cost(10) },
        });
      found.status = 'CANCELLED';
      return answer(200, {
        data: { appSubscriptionCancel: { appSubscription: { id: found.id, status: found.status }, userErrors: [] } },
        extensions: { cost: cost(10) },
      });
    }
    if (/collection(Create|Update)\(input: \$input\)/.test(query)) {
      const field = /collectionUpdate/.test(query) ? 'collectionUpdate' : 'collectionCreate';
      const parsed = CollectionInputSchema.safeParse(variables.input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return answer(200, {
          errors: [
            {
              message: `Variable $input of type CollectionInput! was provided invalid value for ${issue.path.join('.')} (${issue.message})`,
              extensions: { code: 'INVALID_VARIABLE' },
            },
          ],
        });
      }
      const fail = (message: string) =>
        answer(200, { data: { [field]: { collection: null, userErrors: [{ field: ['id'], message }] } }, extensions: { cost: cost(10) } });
      if (field === 'collectionUpdate') {
        const before = parsed.data.id ? collections.get(parsed.data.id) : undefined;
        if (!before) return fail('Collection does not exist');
        if (parsed.data.ruleSet) return fail('Cannot change the rule set of a collection');
        collections.set(parsed.data.id!, { ...before, ...parsed.data });
        return answer(200, {
          data: { collectionUpdate: { collection: { id: parsed.data.id }, userErrors: [] } },
          extensions: { cost: cost(10) },
        });
      }
      if (parsed.data.id) return fail('Cannot specify an id when creating a collection');
      const id = `gid://shopify/Collection/${nextId++}`;
      collections.set(id, parsed.data);
      return answer(200, { data: { collectionCreate: { collection: { id }, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/collectionDelete\(input: \$input\)/.test(query)) {
      const id = String((variables.input as { id?: string } | undefined)?.id);
      if (!collections.delete(id))
        return answer(200, {
          data: { collectionDelete: { deletedCollectionId: null, userErrors: [{ field: ['id'], message: 'Collection does not exist' }] } },
          extensions: { cost: cost(10) },
        });
      return answer(200, { data: { collectionDelete: { deletedCollectionId: id, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/discountAutomaticBasic(Create|Update)\((id: \$id, )?automaticBasicDiscount: \$automaticBasicDiscount\)/.test(query)) {
      const field = /discountAutomaticBasicUpdate/.test(query) ? 'discountAutomaticBasicUpdate' : 'discountAutomaticBasicCreate';
      const parsed = DiscountAutomaticBasicInputSchema.safeParse(variables.automaticBasicDiscount);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return answer(200, {
          errors: [
            {
              message: `Variable $automaticBasicDiscount of type DiscountAutomaticBasicInput! was provided invalid value for ${issue.path.join('.')} (${issue.message})`,
              extensions: { code: 'INVALID_VARIABLE' },
            },
          ],
        });
      }
      let id = `gid://shopify/DiscountAutomaticNode/${nextId++}`;
      if (field === 'discountAutomaticBasicUpdate') {
        id = String(variables.id);
        if (!automaticDiscounts.has(id))
          return answer(200, {
            data: { [field]: { automaticDiscountNode: null, userErrors: [{ field: ['id'], message: 'Discount does not exist' }] } },
            extensions: { cost: cost(10) },
          });
      }
      automaticDiscounts.set(id, parsed.data);
      return answer(200, { data: { [field]: { automaticDiscountNode: { id }, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/discountAutomaticDelete\(id: \$id\)/.test(query)) {
      const id = String(variables.id);
      if (!automaticDiscounts.delete(id))
        return answer(200, {
          data: {
            discountAutomaticDelete: {
              deletedAutomaticDiscountId: null,
              userErrors: [{ field: ['id'], message: 'Discount does not exist' }],
            },
          },
          extensions: { cost: cost(10) },
        });
      return answer(200, {
        data: { discountAutomaticDelete: { deletedAutomaticDiscountId: id, userErrors: [] } },
        extensions: { cost: cost(10) },
      });
    }
    if (/\bproducts\(first: \$first, after: \$after\)/.test(query)) {
      // Cursor pagination as the platform documents it: at most 250 a page, an opaque endCursor, hasNextPage.
      const first = Number(variables.first);
      if (!Number.isInteger(first) || first < 1 || first > 250)
        return answer(200, { errors: [{ message: 'The first argument must be between 1 and 250', extensions: { code: 'BAD_REQUEST' } }] });
      const all = sellerProducts[shop] ?? [];
      const start =
        typeof variables.after === 'string'
          ? Number(Buffer.from(variables.after, 'base64').toString('utf8').replace('cursor:', '')) + 1
          : 0;
      const page = all.slice(start, start + first);
      const endCursor = page.length ? Buffer.from(`cursor:${start + page.length - 1}`).toString('base64') : null;
      const nodes = page.map((p) => ({
        id: p.id,
        title: p.title,
        status: p.status,
        variantsCount: { count: p.variants.nodes.length, precision: 'EXACT' },
      }));
      return answer(200, {
        data: { products: { nodes, pageInfo: { hasNextPage: start + first < all.length, endCursor } } },
        extensions: { cost: cost(2 + Math.ceil(first / 50)) },
      });
    }
    if (/\bproduct\(id: \$productId\)/.test(query)) {
      return answer(200, {
        data: { product: sellerProducts[shop]?.find((p) => p.id === variables.productId) ?? null },
        extensions: { cost: cost(10) },
      });
    }
    const shopData = options.shop ?? {
      locations: [{ id: options.locationId ?? 'gid://shopify/Location/1', name: 'Shop location' }],
      publications: [{ id: 'gid://shopify/Publication/1', name: 'Online Store' }],
      locales: [{ locale: 'en', primary: true, published: true }],
      draftOrders: 0,
    };
    if (/\blocations\(first: \d+\)/.test(query) || /\bshopLocales\b/.test(query)) {
      return answer(200, {
        data: { locations: { nodes: shopData.locations }, publications: { nodes: shopData.publications }, shopLocales: shopData.locales },
        extensions: { cost: cost(5) },
      });
    }
    if (/\bdraftOrdersCount\b/.test(query))
      return answer(200, { data: { draftOrdersCount: { count: shopData.draftOrders } }, extensions: { cost: cost(1) } });
    if (/\blocation\s*\{\s*id\s*\}/.test(query)) {
      if (options.denyLocations)
        return answer(200, {
          errors: [{ message: 'Access denied for location field.', extensions: { code: 'ACCESS_DENIED' } }],
          extensions: { cost: cost(1) },
        });
      return answer(200, { data: { location: { id: options.locationId ?? 'gid://shopify/Location/1' } }, extensions: { cost: cost(1) } });
    }
    return answer(200, { errors: [{ message: `The fake does not know this operation: ${operation}` }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** The value for SHOPIFY_ADMIN_BASE_URL. */
    baseUrlTemplate: `${url}/{shop}`,
    calls,
    products,
    /** Vendors' own shops' products by shop (replace a shop's list to change what it has). */
    sellerProducts,
    /** Discount codes by gid (discountCodeBasicCreate, discountCodeDelete). */
    discounts,
    /** Translations registered (translationsRegister) by resource id, then `locale:key`. */
    translations,
    /** App subscriptions (plan charges) by gid: appSubscriptionCreate, appSubscriptionCancel. */
    subscriptions,
    /**
     * The merchant decides on a pending subscription (ACTIVE approves it; approving cancels the shop's
     * other active one, as the platform does). Answers the app_subscriptions/update deliveries the
     * platform then sends, body as documented, for `signedWebhook`.
     */
    decideSubscription(id: string, status: FakeAppSubscription['status']) {
      const found = subscriptions.get(id);
      if (!found) throw new Error(`No subscription ${id}`);
      const changed = [found];
      if (status === 'ACTIVE') {
        for (const other of subscriptions.values()) {
          if (other !== found && other.shop === found.shop && other.status === 'ACTIVE') {
            other.status = 'CANCELLED';
            changed.push(other);
          }
        }
      }
      found.status = status;
      return changed.map((sub) => ({
        topic: 'app_subscriptions/update',
        shop: sub.shop,
        body: {
          app_subscription: {
            admin_graphql_api_id: sub.id,
            name: sub.input.name,
            status: sub.status,
            admin_graphql_api_shop_id: 'gid://shopify/Shop/548380009',
            created_at: '2026-11-20T10:00:00-05:00',
            updated_at: '2026-11-20T10:05:00-05:00',
            currency: sub.input.lineItems[0].plan.appRecurringPricingDetails.price.currencyCode,
            price: sub.input.lineItems[0].plan.appRecurringPricingDetails.price.amount,
            interval: sub.input.lineItems[0].plan.appRecurringPricingDetails.interval.toLowerCase(),
            capped_amount: null,
            plan_handle: null,
          },
        },
      }));
    },
    /** Collections by gid (collectionCreate/Update/Delete): vendors' pages. */
    collections,
    /** Automatic discounts by gid (discountAutomaticBasicCreate/Update, discountAutomaticDelete). */
    automaticDiscounts,
    fulfillments,
    /** An order of the shop (its gid and line items: gid and quantity), with one fulfillment order. */
    addOrder(orderId: string, lineItems: { id: string; quantity: number }[]) {
      orders.set(orderId, {
        fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${nextId++}`,
        lineItems: lineItems.map((l) => ({
          id: `gid://shopify/FulfillmentOrderLineItem/${nextId++}`,
          lineItemId: l.id,
          remainingQuantity: l.quantity,
        })),
      });
    },
    /** The next n calls answer THROTTLED (with an empty bucket); the bucket is full again afterwards. */
    throttleNext(n = 1) {
      throttles = n;
    },
    /** The next n calls answer 503, like a platform outage. */
    failNext(n = 1) {
      outages = n;
    },
    /** The bucket the next answers report (`currentlyAvailable`); the maximum is 1000, the restore rate 50/s. */
    setAvailable(points: number) {
      available = points;
    },
    restoreBucket() {
      available = maximum;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
