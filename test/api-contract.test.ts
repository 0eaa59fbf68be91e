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
  const?: unknown;
  enum?: unknown[];
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
  [/ (zones\[\]|zone)\.rates\[\]<field=TOTAL_WEIGHT>\.(min|max)$/, 'a weight bound of a rate on the cart’s total weight'],
];
const notMoney = (key: string) => NOT_MONEY.some(([pattern]) => pattern.test(key));

/** What an answer's amount (MONEY_TEXT) or a body's (MONEY_INPUT) is checked with. */
const isMoneyPattern = (pattern?: string) => pattern === MONEY_TEXT.source || pattern === MONEY_INPUT.source;

/**
 * A union member told apart by a constant field (a rate's `field`, a minimum's `type`) as `<field=VALUE>`:
 * what a key holds may depend on it (a rate's bounds are money only on TOTAL_PRICE).
 */
function discriminatorOf(part: JsonSchema) {
  const constant = (p: JsonSchema) => (typeof p.const === 'string' ? p.const : p.enum?.length === 1 ? p.enum[0] : null);
  const found = Object.entries(part.properties ?? {}).find(([, p]) => typeof constant(p) === 'string');
  return found ? `<${found[0]}=${constant(found[1])}>` : '';
}

/** Whether a schema admits only null (a union member where a field is always empty). */
const onlyNull = (p: JsonSchema) => p.type === 'null' || (p.enum?.length === 1 && p.enum[0] === null);

/** Every money-named key of the API that is not the amount text (MONEY_TEXT), or whose object chain carries no currency. */
function moneyFieldsOffFormat(doc: { paths: Record<string, Record<string, Operation>> }) {
  const found: string[] = [];
  // An answer names each amount's currency; a body's amount is in the currency of what it is about (the order, the offer's product).
  const walk = (schema: JsonSchema | undefined, where: string, path: string, hasCurrency: boolean) => {
    if (!schema) return;
    for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
      walk(part, where, `${path}${discriminatorOf(part)}`, hasCurrency);
    for (const part of schema.allOf ?? []) walk(part, where, path, hasCurrency);
    if (schema.items) walk(schema.items, where, `${path}[]`, hasCurrency);
    if (typeof schema.additionalProperties === 'object') walk(schema.additionalProperties, where, `${path}{}`, hasCurrency);
    const properties = schema.properties ?? {};
    const withCurrency = hasCurrency || 'currency' in properties;
    for (const [key, property] of Object.entries(properties)) {
      const at = path ? `${path}.${key}` : key;
      const options = [property, ...(property.anyOf ?? [])].filter((p) => !onlyNull(p));
      const scalar = options.every((p) => p.type !== 'object' && p.type !== 'array' && p.type !== 'boolean' && !p.properties);
      if (scalar && options.length > 0 && namesMoney(key)) {
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
    expect(off).toEqual([]);
  });
});
