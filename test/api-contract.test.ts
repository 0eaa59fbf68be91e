import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../src/web/api/endpoint.ts';
import type { EndpointDefinition } from '../src/web/api/endpoint-request.ts';
import { MONEY_INPUT, MONEY_TEXT } from '../src/shared/schemas/money.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Every module that defines endpoints: importing them fills ENDPOINTS.
import.meta.glob(['../src/web/api/*.ts', '../src/web/**/api/**/*.ts', '!**/*.test.ts'], { eager: true });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  // The first load's endpoints carry their schemas lazily; the contract holds them like the rest.
  for (const definition of ENDPOINTS.filter((d) => d.contract)) Object.assign(definition, await definition.contract!());
});
afterAll(() => t.close());

const routeOf = (definition: EndpointDefinition) => `${definition.method ?? 'GET'} /api/${definition.path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * The routes an endpoint reaches: its {param} is the route's :param, or any fixed segment ({kind}/exports: products/exports, orders/exports).
 * The route of the same pattern comes first (cdn/{proxy} is cdn/:proxy, not cdn/stage-upload).
 */
function routesOf(definition: EndpointDefinition) {
  const name = routeOf(definition);
  const pattern = new RegExp(`^${name.replace(/:(\w+)/g, '(?::$1|[^/:]+)')}$`);
  const same = (r: { method: string; url: string }) => Number(`${r.method} ${r.url}` === name);
  return t.routes.filter((r) => pattern.test(`${r.method} ${r.url}`)).sort((a, b) => same(b) - same(a));
}

/**
 * The web app's endpoints still typed by hand rather than built from the shared schemas. Only
 * their method and path are held against the server; the list only shrinks (issue 10).
 */
const HAND_TYPED = new Set<string>([]);

/** Whether a request schema is the route's body and query fields, field by field (`extend` keeps each field's schema). */
function sameFields(request: unknown, body: unknown, query: unknown, queryKeys: readonly string[]) {
  const shape = (schema: unknown) => (schema as { shape?: Record<string, unknown> }).shape ?? {};
  const [fields, bodyFields, queryFields] = [shape(request), shape(body), shape(query)];
  const keys = Object.keys(fields);
  return (
    keys.length === Object.keys(bodyFields).length + queryKeys.length &&
    keys.every((key) => (queryKeys.includes(key) ? fields[key] === queryFields[key] : fields[key] === bodyFields[key]))
  );
}

describe('the API contract: every endpoint of the web app', () => {
  it('is found and reached through a module the contract test reads', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(50);
  });

  it('exists in the server’s route table with its method and path', () => {
    const missing = ENDPOINTS.filter((definition) => routesOf(definition).length === 0).map(routeOf);
    expect(missing).toEqual([]);
  });

  it('is built from the very schemas the server checks the call and its answer with', () => {
    const drift: string[] = [];
    for (const definition of ENDPOINTS.filter((d) => d.request || d.answer)) {
      const name = routeOf(definition);
      const [route] = routesOf(definition);
      const schema = (route?.schema ?? {}) as { body?: unknown; querystring?: unknown; response?: Record<number, unknown> };
      // A call that names its query fields and has no body (POST transactions/export) is checked by the route's query.
      const inQuery = (definition.method ?? 'GET') === 'GET' || (definition.query && !schema.body);
      const checked = inQuery ? schema.querystring : schema.body;
      // The success answer: 200, or the 201/202 of a call that creates or starts something.
      const answered = Object.entries(schema.response ?? {}).find(([status]) => status.startsWith('2'))?.[1];
      if (definition.request && definition.query && schema.body && schema.querystring) {
        // A body with some fields sent in the query (an admin naming the vendor): each field is the route's own schema.
        if (!sameFields(definition.request, schema.body, schema.querystring, definition.query)) drift.push(`${name}: request`);
      } else if (definition.request && definition.request !== checked) drift.push(`${name}: request`);
      if (!definition.request && checked) drift.push(`${name}: the server checks an input the endpoint does not declare`);
      if (definition.answer !== answered) drift.push(`${name}: answer`);
    }
    expect(drift).toEqual([]);
  });

  it('declares its schemas, except the few still typed by hand', () => {
    const handTyped = ENDPOINTS.filter((d) => !d.answer).map(routeOf);
    expect(handTyped.filter((route) => !HAND_TYPED.has(route))).toEqual([]);
  });
});

interface JsonSchema {
  type?: string | string[];
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

/** A key names money when its last word does: price, priceMin, grossSales, openingBalance, labelCosts. */
const MONEY_WORDS = new Set(
  'price amount total subtotal commission fee fees balance cost costs payout payouts discount discounts refund refunds tax shipping sales fixed flat minimum available pending paid share'.split(
    ' ',
  ),
);
const lastWord = (key: string) => (key.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g) ?? [key]).at(-1)!.toLowerCase();
const namesMoney = (key: string) => MONEY_WORDS.has(lastWord(key)) || /^(min|max)$/.test(key) || /^(priceMin|priceMax)$/.test(key);

/** Keys that read like money but hold something else: labels, states, counts, percentages. */
const NOT_MONEY: [RegExp, string][] = [
  [/ wordings(ByLanguage\.\w+)?\.commission$/, 'the word a marketplace uses for commission'],
  [/ \?payout$|^GET \/api\/orders orders\[\]\.payout$|^GET \/api\/transactions transactions\[\]\.payout$/, 'a vendor order’s payout state'],
  [/^GET \/api\/orders\/\{orderId\} (order|adminOrders\[\])\.payout$/, 'a vendor order’s payout state'],
  [/^GET \/api\/orders counts\.payout(Due|Paid)$/, 'how many orders are due or paid'],
  [/^POST \/api\/payment\/trigger-automated paid$/, 'how many payouts were paid'],
  [/(exports\/\{exportId\}|prestashop\/sync) total$| lastSync\.total$|translations\[\]\.total$/, 'a count of rows, products or fields'],
  [/^[A-Z]+ \/api\/discounts(\/\{discountId\})? (discounts\[\]\.|discount\.)?vendorShare$/, 'the vendor’s percentage of a split discount'],
];
const notMoney = (key: string) => NOT_MONEY.some(([pattern]) => pattern.test(key));

/** Money keys still taken or answered in an older shape, by area; the list only shrinks (issue 31). */
const NOT_YET_CONVERTED = new Set<string>([
  // commission lines: major-unit numbers in the store currency, and their preview
  'GET /api/commissions commissions[].flat',
  'GET /api/commissions commissions[].max',
  'GET /api/commissions commissions[].min',
  'GET /api/commissions commissions[].minimum',
  'GET /api/commissions/preview ?amount',
  'GET /api/commissions/preview amount',
  'GET /api/commissions/preview commission',
  'GET /api/commissions/preview line.flat',
  'GET /api/commissions/preview line.max',
  'GET /api/commissions/preview line.min',
  'GET /api/commissions/preview line.minimum',
  'GET /api/commissions/preview vendorShare',
  'PATCH /api/app/info/commission-v2 commissions[].flat',
  'PATCH /api/app/info/commission-v2 commissions[].max',
  'PATCH /api/app/info/commission-v2 commissions[].min',
  'PATCH /api/app/info/commission-v2 commissions[].minimum',
  'PUT /api/settings/commission commissions[].flat',
  'PUT /api/settings/commission commissions[].max',
  'PUT /api/settings/commission commissions[].min',
  'PUT /api/settings/commission commissions[].minimum',
  'PUT /api/settings/marketplace-settings commissions[].flat',
  'PUT /api/settings/marketplace-settings commissions[].max',
  'PUT /api/settings/marketplace-settings commissions[].min',
  'PUT /api/settings/marketplace-settings commissions[].minimum',
  // zone rates: a bound holds a weight or a price, per the rate’s field
  'GET /api/settings/delivery/zones zones[].rates[].max',
  'GET /api/settings/delivery/zones zones[].rates[].min',
  'GET /api/settings/delivery/zones zones[].rates[].price',
  'POST /api/settings/delivery/preview totalPrice',
  'POST /api/settings/delivery/zone zone.rates[].max',
  'POST /api/settings/delivery/zone zone.rates[].min',
  'POST /api/settings/delivery/zone zone.rates[].price',
  // the fixed amount (and the amount minimum, named value)
  'GET /api/discounts discounts[].value.fixed',
  'POST /api/discounts discount.value.fixed',
  'POST /api/discounts value.fixed',
  'PUT /api/discounts/{discountId} discount.value.fixed',
  'PUT /api/discounts/{discountId} value.fixed',
  // a variant’s price as sent (text or number)
  'PUT /api/products-v2 product.variants[].price',
]);

/** What an answer's amount (MONEY_TEXT) or a body's (MONEY_INPUT) is checked with. */
const isMoneyPattern = (pattern?: string) => pattern === MONEY_TEXT.source || pattern === MONEY_INPUT.source;

/** Every money-named key of the API that is not the amount text (MONEY_TEXT), or whose object chain carries no currency. */
function moneyFieldsOffFormat(doc: { paths: Record<string, Record<string, Operation>> }) {
  const found: string[] = [];
  // An answer names each amount's currency; a body's amount is in the currency of what it is about (the order, the offer's product).
  const walk = (schema: JsonSchema | undefined, where: string, path: string, hasCurrency: boolean) => {
    if (!schema) return;
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(part, where, path, hasCurrency);
    if (schema.items) walk(schema.items, where, `${path}[]`, hasCurrency);
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, where, `${path}{}`, hasCurrency);
    const properties = schema.properties ?? {};
    const withCurrency = hasCurrency || 'currency' in properties;
    for (const [key, property] of Object.entries(properties)) {
      const at = path ? `${path}.${key}` : key;
      const options = [property, ...(property.anyOf ?? [])].filter((p) => p.type !== 'null');
      const scalar = options.every((p) => p.type !== 'object' && p.type !== 'array' && p.type !== 'boolean' && !p.properties);
      if (scalar && namesMoney(key)) {
        const text = options.every((p) => p.type === 'string' && isMoneyPattern(p.pattern));
        if (!text) found.push(`${where} ${at}`);
        else if (!withCurrency) found.push(`${where} ${at} (no currency)`);
      }
      walk(property, where, at, withCurrency);
    }
  };
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && namesMoney(parameter.name) && !isMoneyPattern(parameter.schema?.pattern))
          found.push(`${where} ?${parameter.name}`);
      }
      walk(operation.requestBody?.content?.['application/json']?.schema, where, '', true);
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (status.startsWith('2')) walk(answer.content?.['application/json']?.schema, where, '', false);
      }
    }
  }
  return found.filter((key) => !notMoney(key.replace(/ \(no currency\)$/, '')));
}

describe('the API contract: every amount', () => {
  it('is decimal text with its currency beside it, in every body, query and answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const off = moneyFieldsOffFormat(doc);
    expect(off.filter((key) => !NOT_YET_CONVERTED.has(key))).toEqual([]);
    // A converted key leaves the list.
    expect([...NOT_YET_CONVERTED].filter((key) => !off.includes(key))).toEqual([]);
  });
});
