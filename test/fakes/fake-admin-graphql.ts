import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * The parts of ProductSetInput the platform documents and our adapter sends; unknown fields are
 * refused (`strict`) like the platform refuses them, so a misspelt field fails a test.
 */
const Money = z.string().regex(/^\d+(\.\d+)?$/);
const Gid = (type: string) => z.string().regex(new RegExp(`^gid://shopify/${type}/\\d+$`));
const FileSet = z.strictObject({ originalSource: z.string().url(), contentType: z.enum(['IMAGE', 'VIDEO', 'EXTERNAL_VIDEO', 'FILE']).optional(), alt: z.string().optional(), id: z.string().optional() });
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
      measurement: z.strictObject({ weight: z.strictObject({ unit: z.enum(['GRAMS', 'KILOGRAMS', 'OUNCES', 'POUNDS']), value: z.number().min(0) }) }).optional(),
    })
    .optional(),
  inventoryQuantities: z.array(z.strictObject({ locationId: Gid('Location'), name: z.enum(['available', 'on_hand']), quantity: z.number().int() })).optional(),
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
  seo: z.strictObject({ title: z.string(), description: z.string() }).optional(),
  productOptions: z.array(z.strictObject({ name: z.string().min(1), position: z.number().int().optional(), values: z.array(z.strictObject({ name: z.string().min(1) })).min(1) })).max(3),
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
    items: z.union([z.strictObject({ all: z.literal(true) }), z.strictObject({ products: z.strictObject({ productsToAdd: z.array(Gid('Product')).min(1) }) })]),
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
  variants: { nodes: { sku: string | null; price: string; inventoryQuantity: number | null; selectedOptions: { name: string; value: string }[] }[] };
}

/**
 * An in-process stand-in for the platform's Admin GraphQL API: `POST /{shop}/admin/api/{version}/graphql.json`
 * with `X-Shopify-Access-Token`. It speaks productSet (synchronous), productUpdate, productDelete,
 * product(id).variants, location, locations/publications/shopLocales, draftOrdersCount, a seller shop's products(first:) and product(id: $productId), order(id).fulfillmentOrders, fulfillmentCreate, discountCodeBasicCreate and discountCodeDelete, answers `extensions.cost.throttleStatus` on every call, and can be
 * told to answer THROTTLED or to report an almost empty bucket. Used with SHOPIFY_ADMIN_BASE_URL=`{url}/{shop}`.
 */
export async function startFakeAdminGraphql(options: FakeAdminOptions) {
  const calls: RecordedCall[] = [];
  const products = new Map<string, StoredProduct>();
  const discounts = new Map<string, FakeDiscountCodeInput>();
  /** Orders by gid: one fulfillment order each, its line items with what is left to fulfil. */
  const orders = new Map<string, { fulfillmentOrderId: string; lineItems: { id: string; lineItemId: string; remainingQuantity: number }[] }>();
  const fulfillments: { id: string; orderId: string; trackingInfo: unknown; lineItems: { id: string; quantity: number }[]; notifyCustomer: unknown }[] = [];
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
  const cost = (requested: number) => ({ requestedQueryCost: requested, actualQueryCost: requested, throttleStatus: { maximumAvailable: maximum, currentlyAvailable: available, restoreRate } });

  function productSet(input: FakeProductSetInput) {
    const names = input.productOptions.map((o) => o.name);
    const userErrors: { field: string[]; message: string; code: string }[] = [];
    input.variants.forEach((v, i) => {
      const given = v.optionValues.map((o) => o.optionName);
      if (given.join('|') !== names.join('|')) userErrors.push({ field: ['input', 'variants', String(i), 'optionValues'], message: 'Option names do not match the product options', code: 'INVALID_VARIANT' });
      v.optionValues.forEach((o) => {
        const option = input.productOptions.find((p) => p.name === o.optionName);
        if (option && !option.values.some((value) => value.name === o.name)) {
          userErrors.push({ field: ['input', 'variants', String(i), 'optionValues'], message: `Option value ${o.name} is not a value of ${o.optionName}`, code: 'OPTION_VALUE_DOES_NOT_EXIST' });
        }
      });
      if (v.file && !(input.files ?? []).some((f) => f.originalSource === v.file!.originalSource)) {
        userErrors.push({ field: ['input', 'variants', String(i), 'file'], message: 'The variant file must also be a product file', code: 'INVALID_INPUT' });
      }
    });
    const sets = new Set(input.variants.map((v) => v.optionValues.map((o) => o.name).join('|')));
    if (sets.size !== input.variants.length) userErrors.push({ field: ['input', 'variants'], message: 'Variants must have unique option values', code: 'DUPLICATED_OPTION_VALUE' });
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
    if (!token || options.tokens[shop] !== token) return answer(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    if (throttles > 0) {
      throttles--;
      available = 0;
      answer(200, { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }], extensions: { cost: cost(10) } });
      available = maximum;
      return;
    }

    if (/productSet\(input: \$input, synchronous: true\)/.test(query)) {
      if (!/userErrors\s*\{[^}]*field[^}]*message/.test(query)) return answer(200, { errors: [{ message: 'productSet must select userErrors' }] });
      const parsed = ProductSetInputSchema.safeParse(variables.input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return answer(200, { errors: [{ message: `Variable $input of type ProductSetInput! was provided invalid value for ${issue.path.join('.')} (${issue.message})`, extensions: { code: 'INVALID_VARIABLE' } }] });
      }
      return answer(200, { data: { productSet: productSet(parsed.data) }, extensions: { cost: cost(10 + parsed.data.variants.length) } });
    }
    if (/productUpdate\(product: \$product\)/.test(query)) {
      const input = variables.product as { id?: string; status?: string } | undefined;
      const found = input?.id ? products.get(input.id) : undefined;
      if (!found) return answer(200, { data: { productUpdate: { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] } }, extensions: { cost: cost(10) } });
      if (input?.status) found.status = input.status;
      return answer(200, { data: { productUpdate: { product: { id: found.id, status: found.status }, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/productDelete\(input: \$input\)/.test(query)) {
      const id = (variables.input as { id?: string } | undefined)?.id ?? '';
      if (!products.delete(id)) return answer(200, { data: { productDelete: { deletedProductId: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] } }, extensions: { cost: cost(10) } });
      return answer(200, { data: { productDelete: { deletedProductId: id, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/product\(id: \$id\)/.test(query)) {
      const found = products.get(String(variables.id));
      const product = found ? { id: found.id, variants: { nodes: found.variants, pageInfo: { hasNextPage: false, endCursor: null } } } : null;
      return answer(200, { data: { product }, extensions: { cost: cost(5) } });
    }
    if (/\border\(id: \$id\)\s*\{\s*fulfillmentOrders/.test(query)) {
      const order = orders.get(String(variables.id));
      const nodes = order
        ? [{ id: order.fulfillmentOrderId, lineItems: { nodes: order.lineItems.map((l) => ({ id: l.id, remainingQuantity: l.remainingQuantity, lineItem: { id: l.lineItemId } })) } }]
        : [];
      return answer(200, { data: { order: order ? { fulfillmentOrders: { nodes } } : null }, extensions: { cost: cost(5) } });
    }
    if (/fulfillmentCreate\(fulfillment: \$fulfillment\)/.test(query)) {
      const input = variables.fulfillment as { lineItemsByFulfillmentOrder: { fulfillmentOrderId: string; fulfillmentOrderLineItems: { id: string; quantity: number }[] }[]; trackingInfo?: unknown; notifyCustomer?: unknown };
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
          if (!item || line.quantity > item.remainingQuantity) userErrors.push({ field: ['fulfillment', 'lineItemsByFulfillmentOrder'], message: 'Invalid fulfillment order line item quantity requested.' });
          else taken.push({ item, quantity: line.quantity });
        }
      }
      if (userErrors.length) return answer(200, { data: { fulfillmentCreate: { fulfillment: null, userErrors } }, extensions: { cost: cost(10) } });
      for (const { item, quantity } of taken) item.remainingQuantity -= quantity;
      const fulfillment = { id: `gid://shopify/Fulfillment/${nextId++}`, orderId, trackingInfo: input.trackingInfo, notifyCustomer: input.notifyCustomer, lineItems: input.lineItemsByFulfillmentOrder.flatMap((g) => g.fulfillmentOrderLineItems) };
      fulfillments.push(fulfillment);
      return answer(200, { data: { fulfillmentCreate: { fulfillment: { id: fulfillment.id, status: 'SUCCESS' }, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/discountCodeBasicCreate\(basicCodeDiscount: \$basicCodeDiscount\)/.test(query)) {
      const parsed = DiscountCodeBasicInputSchema.safeParse(variables.basicCodeDiscount);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return answer(200, { errors: [{ message: `Variable $basicCodeDiscount of type DiscountCodeBasicInput! was provided invalid value for ${issue.path.join('.')} (${issue.message})`, extensions: { code: 'INVALID_VARIABLE' } }] });
      }
      const taken = [...discounts.values()].some((d) => d.code.toLowerCase() === parsed.data.code.toLowerCase());
      if (taken) return answer(200, { data: { discountCodeBasicCreate: { codeDiscountNode: null, userErrors: [{ field: ['basicCodeDiscount', 'code'], message: 'Code must be unique. Please try a different code.' }] } }, extensions: { cost: cost(10) } });
      const id = `gid://shopify/DiscountCodeNode/${nextId++}`;
      discounts.set(id, parsed.data);
      return answer(200, { data: { discountCodeBasicCreate: { codeDiscountNode: { id }, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/discountCodeDelete\(id: \$id\)/.test(query)) {
      const id = String(variables.id);
      if (!discounts.delete(id)) return answer(200, { data: { discountCodeDelete: { deletedCodeDiscountId: null, userErrors: [{ field: ['id'], message: 'Discount does not exist' }] } }, extensions: { cost: cost(10) } });
      return answer(200, { data: { discountCodeDelete: { deletedCodeDiscountId: id, userErrors: [] } }, extensions: { cost: cost(10) } });
    }
    if (/\bproducts\(first: \d+\)/.test(query)) return answer(200, { data: { products: { nodes: options.sellerProducts?.[shop] ?? [] } }, extensions: { cost: cost(50) } });
    if (/\bproduct\(id: \$productId\)/.test(query)) {
      return answer(200, { data: { product: options.sellerProducts?.[shop]?.find((p) => p.id === variables.productId) ?? null }, extensions: { cost: cost(10) } });
    }
    const shopData = options.shop ?? { locations: [{ id: options.locationId ?? 'gid://shopify/Location/1', name: 'Shop location' }], publications: [{ id: 'gid://shopify/Publication/1', name: 'Online Store' }], locales: [{ locale: 'en', primary: true, published: true }], draftOrders: 0 };
    if (/\blocations\(first: \d+\)/.test(query) || /\bshopLocales\b/.test(query)) {
      return answer(200, {
        data: { locations: { nodes: shopData.locations }, publications: { nodes: shopData.publications }, shopLocales: shopData.locales },
        extensions: { cost: cost(5) },
      });
    }
    if (/\bdraftOrdersCount\b/.test(query)) return answer(200, { data: { draftOrdersCount: { count: shopData.draftOrders } }, extensions: { cost: cost(1) } });
    if (/\blocation\s*\{\s*id\s*\}/.test(query)) {
      if (options.denyLocations) return answer(200, { errors: [{ message: 'Access denied for location field.', extensions: { code: 'ACCESS_DENIED' } }], extensions: { cost: cost(1) } });
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
    /** Discount codes by gid (discountCodeBasicCreate, discountCodeDelete). */
    discounts,
    fulfillments,
    /** An order of the shop (its gid and line items: gid and quantity), with one fulfillment order. */
    addOrder(orderId: string, lineItems: { id: string; quantity: number }[]) {
      orders.set(orderId, {
        fulfillmentOrderId: `gid://shopify/FulfillmentOrder/${nextId++}`,
        lineItems: lineItems.map((l) => ({ id: `gid://shopify/FulfillmentOrderLineItem/${nextId++}`, lineItemId: l.id, remainingQuantity: l.quantity })),
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
