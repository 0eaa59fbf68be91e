import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { productVariants, vendorOrders } from '#server/db/schema/index';
import { FEATURE_FLAGS, FeaturesSchema, INERT_FEATURE_FLAGS, SWITCHABLE_FEATURE_FLAGS, type FeatureFlag } from '#shared/schemas/settings';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from './support/test-app.ts';
import { type Session } from './support/sessions.ts';
import { saveProduct } from './support/products.ts';
import type { RouteRecord } from '../src/server/http/policy.ts';
import { NAV_ITEMS } from '../src/web/features/shell/nav-items.ts';
import { deliveryRoutes } from '../src/web/features/delivery/delivery-routes.ts';
import { MARKETPLACE_SECTIONS, SHOP_SECTIONS } from '../src/web/features/settings/settings-sections.ts';

/**
 * Flags with no API or screen of their own, off by default (docs/decisions/settings.md, "Feature
 * flags switch areas off"): the inert ones, which the settings screen does not offer, and
 * autoFulfillDigital, which changes how orders arrive (its own test).
 */
const NO_ROUTES: FeatureFlag[] = [...INERT_FEATURE_FLAGS, 'autoFulfillDigital'];

let t: TestApp;
let admin: Session;
let vendor: Session;
let productId: string;
let zoneId: string;
let orderId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor] = await Promise.all([t.login(DEMO_ACCOUNTS.admin), t.login(DEMO_ACCOUNTS.vendor1)]);
  productId = await saveProduct(t, admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 5, sku: 'MUG-1' }],
  });
  const zone = await t.app.inject({
    method: 'POST',
    url: '/api/settings/delivery/zone',
    headers: admin.headers,
    payload: { zone: { zoneName: 'NL', rates: [{ name: 'Standard', price: '0' }], countries: [{ code: 'NL' }] } },
  });
  zoneId = zone.json().zone.id;
  // An order of Vendor One, placed while the zone delivers to it (a test below deletes the zone).
  const [variant] = await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    payload: {
      store: 'demo',
      checkoutId: randomUUID(),
      email: 'ann@buyer.example',
      address: { name: 'Ann', street1: '2 Elm St', city: 'Utrecht', zip: '3511', country: 'NL', phone: '' },
      lines: [{ variantId: variant.id, quantity: 1 }],
    },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  orderId = placed.json().orderId;
});
afterAll(() => t.close());

const setFlag = async (flag: FeatureFlag, enabled: boolean) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/app/info/features',
    headers: admin.headers,
    payload: { features: { features: { [flag]: { enabled } } } },
  });
  expect(res.statusCode, res.body).toBe(200);
};

// Calls anyone may make name their store, as a storefront page does.
const urlOf = (route: RouteRecord) =>
  route.url.replace(':productId', productId).replace(':id', zoneId) +
  (route.policy === 'user' || route.policy === 'admin' ? '' : '?store=demo');
/** A call whose path names a record this test has none of (a rate, a label) answers its own 404 when on: its area's tests show it working. */
const exercisable = (route: RouteRecord) => !/:(?!productId\b|id\b)\w+/.test(route.url);
const call = (route: RouteRecord, headers: Record<string, string> | undefined) =>
  t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route),
    headers,
    payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  });

const gated = (flag: FeatureFlag) =>
  t.routes
    .filter((r) => r.feature === flag)
    // The zone is deleted last, once its flag has been proven on and off for the other calls.
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

describe('store feature flags', () => {
  it('starts a new store with only the flags that have something to show on: the catalog, and the dashboard the finance area builds', () => {
    const defaults = FeaturesSchema.parse({});
    expect(FEATURE_FLAGS.filter((f) => defaults[f].enabled)).toEqual(['dashboard', 'catalog']);
    for (const flag of NO_ROUTES) expect(defaults[flag].enabled, flag).toBe(false);
  });

  it('offers no switch on the settings screen for a flag that switches nothing', () => {
    for (const flag of INERT_FEATURE_FLAGS) expect(SWITCHABLE_FEATURE_FLAGS, flag).not.toContain(flag);
    expect(SWITCHABLE_FEATURE_FLAGS).toContain('autoFulfillDigital');
  });

  it.each(FEATURE_FLAGS.map((f) => [f]))(
    '%s: switched off, its API answers as an unknown path, its nav entries and screens are gone',
    async (flag) => {
      const routes = gated(flag);
      // Screens and sections of switchable areas (the shell and the settings page hide them; e2e/feature-flags.spec.ts shows it).
      const screens = [
        ...deliveryRoutes.filter((r) => (r.handle as { feature?: string } | undefined)?.feature === flag),
        ...[...MARKETPLACE_SECTIONS, ...SHOP_SECTIONS].filter((s) => s.feature === flag),
      ];
      const navItems = NAV_ITEMS.filter((n) => n.feature === flag);
      if (NO_ROUTES.includes(flag)) {
        expect({ routes, screens, navItems }).toEqual({ routes: [], screens: [], navItems: [] });
        return;
      }
      expect(routes.length + screens.length, `${flag} governs nothing`).toBeGreaterThan(0);
      const unknownPath = await t.app.inject({ method: 'GET', url: '/api/no-such-call', headers: admin.headers });

      await setFlag(flag, false);
      for (const route of routes) {
        const who = route.policy === 'public' ? undefined : admin.headers;
        const off = await call(route, who);
        expect({ route: `${route.method} ${route.url}`, status: off.statusCode, body: off.json() }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 404,
          body: unknownPath.json(),
        });
        if (route.policy === 'user') expect((await call(route, vendor.headers)).statusCode).toBe(404);
      }

      await setFlag(flag, true);
      for (const route of routes.filter(exercisable)) {
        const on = await call(route, route.policy === 'public' ? undefined : admin.headers);
        expect({ route: `${route.method} ${route.url}`, status: on.statusCode }).not.toEqual({
          route: `${route.method} ${route.url}`,
          status: 404,
        });
      }
    },
  );

  it("labels are the vendor's own tool: with delivery off a vendor still reads its Shippo status and an order's label form", async () => {
    await setFlag('delivery', false);
    const labelRoutes = t.routes.filter((r) => r.url.startsWith('/api/shippo/') || r.url === '/api/orders/:orderId/shipping');
    expect(labelRoutes.length).toBeGreaterThan(5);
    expect(labelRoutes.filter((r) => r.feature !== undefined)).toEqual([]);
    const status = await t.app.inject({ method: 'GET', url: '/api/shippo/api-key', headers: vendor.headers });
    expect(status.json()).toEqual({ active: false, using: 'none', canConnect: false });
    const [part] = await t.db.select({ id: vendorOrders.id }).from(vendorOrders).where(eq(vendorOrders.orderId, orderId));
    const shipping = await t.app.inject({ method: 'GET', url: `/api/orders/${part.id}/shipping`, headers: vendor.headers });
    expect(shipping.statusCode, shipping.body).toBe(200);
    // No key anywhere and vendors may not connect their own: the form says so instead of pointing to a field the vendor does not have.
    expect(shipping.json()).toMatchObject({ canBuyLabels: false, canConnectShippo: false });
    await setFlag('delivery', true);
  });

  it('a flag switched off holds from the next request, with no stale copy kept', async () => {
    const zones = () => t.app.inject({ method: 'GET', url: '/api/settings/delivery/zones', headers: vendor.headers });
    await setFlag('delivery', true);
    expect((await zones()).statusCode).toBe(200);
    await setFlag('delivery', false);
    expect((await zones()).statusCode).toBe(404);
    await setFlag('delivery', true);
    expect((await zones()).statusCode).toBe(200);
  });
});
