import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import {
  ledgerEntries,
  MARKETPLACE_OWNER,
  orderLines,
  orders,
  shippingLabels,
  shippingRates,
  vendorOrders,
  vendors,
} from '../../src/server/db/schema/index.ts';
import { createShippoProvider } from '../../src/server/adapters/shipping/shippo.ts';
import { createPostgresTestDatabase, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STORE } from '../support/test-app.ts';
import { bundleProduct, signIn, startProduct, type ProductProcess } from '../support/product-process.ts';
import { startFakeShippo, type FakeShippo } from '../fakes/fake-shippo.ts';

/**
 * The twin of the payout kill test for shipping labels: the product buys labels for 20 vendor orders
 * through Shippo (the fake, with some latency; it has no idempotency key) and is killed with SIGKILL
 * at random moments, 20 times, then restarted and left to finish: every order has exactly one label
 * bought at the provider, one recorded label, one shipment and one label cost in the ledger.
 * PostgreSQL only, from a bundle of main.ts, two processes at a time.
 */
const ORDERS = 20;
const KILLS = 20;
/** Kills land within this long of the purchases' start: long enough to reach labels recorded and not yet answered. */
const KILL_WITHIN_MS = 1500;
/** A pending label's request may talk to the provider this long; the recovery waits for it. */
const CALL_WINDOW_MS = 65_000;
const SHIPPO_KEY = `shippo_test_${'k'.repeat(40)}`;

let shippo: FakeShippo;
let scratch: NonNullable<Awaited<ReturnType<typeof createPostgresTestDatabase>>>;
let database: Database;
let buildDir: string;
let bundle: string;
let env: Record<string, string>;
let product: ProductProcess | null = null;
const expected: { vendorOrderId: string; rateId: string }[] = [];

const start = () => startProduct(env, 120_000, [bundle]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const address = {
  name: 'A',
  company: '',
  street1: '1 Main St',
  street2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  phone: '',
  email: '',
  is_residential: false,
  metadata: '',
};

describe.skipIf(!process.env.DATABASE_URL)('labels bought while the product is killed mid-way', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    shippo = await startFakeShippo({ purchaseDelayMs: 40 });
    scratch = (await createPostgresTestDatabase())!;
    ({ dir: buildDir, entry: bundle } = await bundleProduct('mp-label-kill-'));
    env = {
      DATABASE_URL: scratch.url,
      SEED_DEMO: 'true',
      SHIPPO_BASE_URL: shippo.url,
      PAYOUT_RECOVERY_AFTER_SECONDS: '0',
      JWT_SECRET: 'kill-test-secret-kill-test-secret-0123',
    };
    product = await start();
    database = await openDatabase({ databaseUrl: scratch.url, migrate: false });
    const admin = await signIn(product.url, DEMO_STORE, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const key = await fetch(`${product.url}/api/shippo/api-key`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: SHIPPO_KEY }),
    });
    expect(key.status, await key.text()).toBe(200);

    // 20 vendor orders of one unit each, each with a rate quoted at the provider.
    const db = database.db;
    const [vendor] = await db.insert(vendors).values({ storeId: DEMO_STORE, name: 'Label Kill Vendor' }).returning();
    const account = createShippoProvider(shippo.url).account(SHIPPO_KEY);
    for (let i = 0; i < ORDERS; i++) {
      const orderName = `#L${1000 + i}`;
      const placedAt = new Date();
      const [order] = await db
        .insert(orders)
        .values({
          storeId: DEMO_STORE,
          source: 'local',
          platformOrderId: `label-kill-${i}`,
          name: orderName,
          currency: 'USD',
          customer: { name: 'K', email: 'k@example.test', phone: '' },
          subtotal: 1000,
          total: 1000,
          placedAt,
        })
        .returning();
      const [part] = await db
        .insert(vendorOrders)
        .values({
          storeId: DEMO_STORE,
          orderId: order.id,
          vendorId: vendor.id,
          orderName,
          subtotal: 1000,
          commission: 0,
          vendorShare: 1000,
          placedAt,
        })
        .returning();
      await db.insert(orderLines).values({
        storeId: DEMO_STORE,
        orderId: order.id,
        vendorOrderId: part.id,
        vendorId: vendor.id,
        platformLineId: `label-kill-line-${i}`,
        title: 'Mug',
        quantity: 1,
        price: 1000,
        commission: 0,
        commissionLine: { min: 0, max: null, flat: 0, percentage: 0, source: 'default' },
      });
      const [rate] = (
        await account.quote({
          from: address,
          to: address,
          parcels: [{ length: 10, width: 10, height: 10, distanceUnit: 'cm', weight: 1, massUnit: 'kg' }],
        })
      ).rates;
      await db.insert(shippingRates).values({
        storeId: DEMO_STORE,
        id: rate.id,
        vendorId: vendor.id,
        vendorOrderId: part.id,
        keyOwner: MARKETPLACE_OWNER,
        amount: 910,
        currency: 'USD',
        carrier: rate.carrier,
        service: rate.service,
      });
      expected.push({ vendorOrderId: part.id, rateId: rate.id });
    }
  }, 300_000);

  afterAll(async () => {
    if (product) {
      product.child.kill('SIGKILL');
      await product.exited;
    }
    await database?.close();
    await scratch?.drop();
    await shippo?.close();
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });

  it('buys each label exactly once at the provider and records it once', async () => {
    if (!product) throw new Error('the product did not start');
    const admin = await signIn(product.url, DEMO_STORE, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const buyAll = (url: string) =>
      Promise.all(
        expected.map(({ vendorOrderId, rateId }) =>
          fetch(`${url}/api/shippo/label`, {
            method: 'POST',
            headers: { ...admin, 'content-type': 'application/json' },
            body: JSON.stringify({ orderId: vendorOrderId, rateId }),
          }).catch(() => null),
        ),
      );

    let kills = 0;
    let interrupted = 0;
    const lane = async (lives: number) => {
      for (let life = 0; life < lives; life++) {
        const running = await start();
        const buying = buyAll(running.url);
        await sleep(Math.random() * KILL_WITHIN_MS);
        running.child.kill('SIGKILL');
        await running.exited;
        await buying;
        kills++;
        const inFlight = await database.db
          .select({ id: shippingLabels.id })
          .from(shippingLabels)
          .where(eq(shippingLabels.status, 'pending'));
        if (inFlight.length > 0) interrupted++;
      }
    };
    product.child.kill('SIGKILL');
    await product.exited;
    product = null;
    await Promise.all([lane(KILLS / 2), lane(KILLS / 2)]);
    expect(kills).toBeGreaterThanOrEqual(KILLS);
    // The kills did land while labels were between their record and the provider's answer.
    expect(interrupted).toBeGreaterThan(0);

    // The last life starts once no dead request can still be talking to the provider: it finishes what
    // was left pending at start, and the admin asks for every label again.
    await sleep(CALL_WINDOW_MS);
    product = await start();
    for (let round = 0; ; round++) {
      expect(round, product.output()).toBeLessThan(50);
      const answers = await buyAll(product.url);
      const labels = await Promise.all(
        answers.map(async (res) =>
          res?.status === 200 ? ((await res.json()) as { label: { status: string } }).label.status : `HTTP ${res?.status}`,
        ),
      );
      if (labels.every((status) => status === 'purchased')) break;
      await sleep(500);
    }

    const ids = expected.map((e) => e.vendorOrderId);
    for (const { vendorOrderId, rateId } of expected) {
      const bought = shippo.transactions().filter((x) => x.rate === rateId);
      expect(bought.map((x) => x.status)).toEqual(['SUCCESS']);
      const labels = await database.db.select().from(shippingLabels).where(eq(shippingLabels.vendorOrderId, vendorOrderId));
      const live = labels.filter((l) => l.status !== 'voided');
      expect(live).toHaveLength(1);
      expect(live[0]).toMatchObject({ status: 'purchased', purchaseId: bought[0].object_id, trackingNumber: bought[0].tracking_number });
      const [part] = await database.db.select().from(vendorOrders).where(eq(vendorOrders.id, vendorOrderId));
      expect(part.fulfillment).toBe('fulfilled');
    }
    const costs = await database.db
      .select()
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.vendorOrderId, ids), eq(ledgerEntries.kind, 'label_cost')));
    expect(costs.map((c) => c.amount).sort()).toEqual(Array(ORDERS).fill(-910));
  });
});
