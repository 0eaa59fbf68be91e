import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { ledgerEntries, orders, payouts, vendorOrders, vendorPayoutAccounts, vendors } from '../../src/server/db/schema/index.ts';
import { createStripeClient } from '../../src/server/adapters/payments/stripe.ts';
import { createPostgresTestDatabase, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STORE } from '../support/test-app.ts';
import { bundleProduct, signIn, startProduct, type ProductProcess } from '../support/product-process.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/fake-stripe.ts';

/**
 * The product pays 50 vendors through Stripe (the fake, with some latency) and is killed with
 * SIGKILL at random moments, at least 50 times, then restarted and left to finish: every vendor is
 * paid exactly once at the provider and once in the ledger. PostgreSQL only (a real server survives
 * its client's death; its transactions roll back). The product runs from a bundle of main.ts, which
 * boots faster than through tsx, two processes at a time, so 50 lives stay within a test's time.
 */
const VENDORS = 50;
const KILLS = 50;
/** A kill lands within this long after the payment request was sent (a full pass of 50 takes longer). */
const KILL_WITHIN_MS = 400;
const STRIPE_KEY = `sk_test_${'k'.repeat(40)}`;

let stripe: FakeStripe;
let scratch: NonNullable<Awaited<ReturnType<typeof createPostgresTestDatabase>>>;
let database: Database;
let buildDir: string;
let bundle: string;
let env: Record<string, string>;
let product: ProductProcess | null = null;
const expected = new Map<string, { vendorId: string; name: string; orderName: string; amount: number; accountId: string }>();

/**
 * main.ts bundled with our own code inlined; migrations, node_modules and the password hashing
 * thread's script (a file of its own, started by URL beside the code that starts it) are reached
 * through links beside it.
 */
const start = () => startProduct(env, 120_000, [bundle]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.DATABASE_URL)('payouts killed mid-way', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: STRIPE_KEY, balance: { usd: 1_000_000_000 }, delayMs: 15 });
    scratch = (await createPostgresTestDatabase())!;
    ({ dir: buildDir, entry: bundle } = await bundleProduct('mp-kill-'));
    env = {
      DATABASE_URL: scratch.url,
      SEED_DEMO: 'true',
      STRIPE_API_URL: stripe.url,
      PAYOUT_RECOVERY_AFTER_SECONDS: '0',
      JWT_SECRET: 'kill-test-secret-kill-test-secret-0123',
    };
    product = await start();
    database = await openDatabase({ databaseUrl: scratch.url, migrate: false });
    const admin = await signIn(product.url, DEMO_STORE, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const key = await fetch(`${product.url}/api/stripe/api-key`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ secretKey: STRIPE_KEY }),
    });
    expect(key.status, await key.text()).toBe(200);
    // The orders below are shipped now: the store pays shipped orders at once.
    const hold = await fetch(`${product.url}/api/app/info/features`, {
      method: 'PATCH',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ features: { payments: { holdingDays: 0 } } }),
    });
    expect(hold.status, await hold.text()).toBe(200);

    // 50 vendors, each with one order owed to it and a connected Stripe account.
    const client = createStripeClient(stripe.url, STRIPE_KEY);
    const db = database.db;
    for (let i = 0; i < VENDORS; i++) {
      const name = `Kill Vendor ${String(i).padStart(2, '0')}`;
      const amount = 1000 + i * 37;
      const [vendor] = await db.insert(vendors).values({ storeId: DEMO_STORE, name }).returning();
      const orderName = `#K${1000 + i}`;
      const placedAt = new Date();
      const [order] = await db
        .insert(orders)
        .values({
          storeId: DEMO_STORE,
          source: 'local',
          platformOrderId: `kill-${i}`,
          name: orderName,
          currency: 'USD',
          customer: { name: 'K', email: 'k@example.test', phone: '' },
          subtotal: amount,
          total: amount,
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
          fulfillment: 'fulfilled',
          subtotal: amount,
          commission: 0,
          vendorShare: amount,
          placedAt,
        })
        .returning();
      await db.insert(ledgerEntries).values({
        storeId: DEMO_STORE,
        vendorId: vendor.id,
        currency: 'USD',
        amount,
        kind: 'sale',
        inPayout: true,
        inSales: true,
        orderId: order.id,
        vendorOrderId: part.id,
        orderName,
        occurredAt: placedAt,
      });
      const account = await client.createAccount({ email: `kill${i}@example.test`, country: 'NL', idempotencyKey: `kill-${i}` });
      stripe.completeOnboarding(account.id);
      await db.insert(vendorPayoutAccounts).values({
        storeId: DEMO_STORE,
        vendorId: vendor.id,
        provider: 'stripe',
        accountRef: account.id,
        kind: 'NL',
        email: `kill${i}@example.test`,
        isTest: true,
        // Onboarding is complete (above), so the account can receive payouts, as Stripe's account.updated records.
        canReceive: true,
      });
      expected.set(vendor.id, { vendorId: vendor.id, name, orderName, amount, accountId: account.id });
    }
  }, 300_000);

  afterAll(async () => {
    if (product) {
      product.child.kill('SIGKILL');
      await product.exited;
    }
    await database?.close();
    await scratch?.drop();
    await stripe?.close();
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });

  it('pays every vendor exactly once at the provider and in the ledger', async () => {
    if (!product) throw new Error('the product did not start');
    const admin = await signIn(product.url, DEMO_STORE, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const all = [...expected.values()];
    const body = JSON.stringify({
      payoutLines: all.map((v) => ({ orderName: v.orderName, vendor: v.name })),
      methods: Object.fromEntries(all.map((v) => [v.name, 'stripe'])),
    });
    const pay = (url: string) =>
      fetch(`${url}/api/payment/v3/pay`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body });

    // Two lanes of lives on the one database (two product processes, as behind a load balancer, each
    // an admin paying the same lines): each process is killed at a random moment and replaced.
    let kills = 0;
    let interrupted = 0;
    const lane = async (lives: number) => {
      for (let life = 0; life < lives; life++) {
        const running = await start();
        const paying = pay(running.url).catch(() => null);
        await sleep(Math.random() * KILL_WITHIN_MS);
        running.child.kill('SIGKILL');
        await running.exited;
        await paying;
        kills++;
        const inFlight = await database.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.state, 'pending'));
        if (inFlight.length > 0) interrupted++;
      }
    };
    product.child.kill('SIGKILL');
    await product.exited;
    product = null;
    await Promise.all([lane(KILLS / 2), lane(KILLS / 2)]);
    expect(kills).toBeGreaterThanOrEqual(50);
    // The kills did land while payments were between their record and the provider's answer.
    expect(interrupted).toBeGreaterThan(0);

    // The last life: it recovers what was left in flight at start, and the admin pays what is still due.
    product = await start();
    for (let round = 0; ; round++) {
      expect(round, product.output()).toBeLessThan(50);
      const res = await pay(product.url);
      expect(res.status).toBe(200);
      const results = ((await res.json()) as { results: { status: string }[] }).results;
      const pending = await database.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.state, 'pending'));
      if (results.every((r) => r.status === 'failed') && pending.length === 0) break;
      await sleep(200);
    }

    // At the provider: one transfer a vendor, of its amount, to its account, one per idempotency key.
    const byDestination = new Map<string, number[]>();
    for (const transfer of stripe.transfers)
      byDestination.set(transfer.destination, [...(byDestination.get(transfer.destination) ?? []), transfer.amount]);
    expect(byDestination.size).toBe(VENDORS);
    for (const vendor of all) expect(byDestination.get(vendor.accountId)).toEqual([vendor.amount]);
    expect(new Set(stripe.transfers.map((t) => t.transfer_group)).size).toBe(VENDORS);

    // In the database: one paid payout a vendor; every failed attempt reversed; the ledger pays each once.
    const ids = all.map((v) => v.vendorId);
    const rows = await database.db.select().from(payouts).where(inArray(payouts.vendorId, ids));
    expect(rows.filter((p) => p.state === 'pending')).toEqual([]);
    const paid = rows.filter((p) => p.state === 'paid');
    expect(paid).toHaveLength(VENDORS);
    for (const p of paid) expect(p.amount).toBe(expected.get(p.vendorId)!.amount);
    expect(new Set(paid.map((p) => p.providerRef))).toEqual(new Set(stripe.transfers.map((t) => t.id)));
    for (const vendor of all) {
      const entries = await database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.vendorId, vendor.vendorId), eq(ledgerEntries.kind, 'payout')));
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(-vendor.amount);
      const [part] = await database.db.select().from(vendorOrders).where(eq(vendorOrders.vendorId, vendor.vendorId));
      expect(part.payout).toBe('paid');
      expect(paid.find((p) => p.id === part.payoutId)).toBeDefined();
    }
  });
});
