import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { buildApp } from '#server/app';
import { openDatabase } from '#server/db/client';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
let base: string;
let mug: string;
let lamp: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
  expect(
    (await caller(t, s.admin)('PATCH', '/api/app/info/features', { features: { features: { messages: { enabled: true } } } })).statusCode,
  ).toBe(200);
  mug = await saveProduct(t, s.admin, {
    title: 'Blue mug',
    vendor: 'Vendor One',
    status: 'ACTIVE',
    variants: [{ price: '20.00', stock: 5, sku: 'MUG-1' }],
  });
  lamp = await saveProduct(t, s.admin, {
    title: 'Desk lamp',
    vendor: 'Vendor Two',
    status: 'ACTIVE',
    variants: [{ price: '80.00', stock: 5, sku: 'LAMP-1' }],
  });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

/** Opens the event stream over real HTTP and hands out its events one by one. */
async function openStream(headers: Record<string, string>) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/conversations/events`, { headers, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const events: { conversationId: string; kind: string }[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push(JSON.parse(data.slice(6)));
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    events,
    async until(predicate: (e: { conversationId: string; kind: string }) => boolean) {
      while (!events.some(predicate)) await new Promise((r) => setTimeout(r, 20));
      return events.find(predicate)!;
    },
    async close() {
      abort.abort();
      await pump;
    },
  };
}

const chat = (app: TestApp['app'], productId: string, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/conversations/chat-with-seller',
    payload: { store: 'demo', productId, email, text: 'Hello there' },
  });

describe('live conversation events', () => {
  it("reach the vendor's open screen, and only the conversations it may see", async () => {
    const one = await openStream(s.vendor1.headers);
    const two = await openStream(s.vendor2.headers);
    const toOne = (await chat(t.app, mug, 'ann@buyer.example')).json().conversationId;
    const toTwo = (await chat(t.app, lamp, 'bob@buyer.example')).json().conversationId;
    expect(await one.until((e) => e.conversationId === toOne)).toEqual({ conversationId: toOne, kind: 'message' });
    expect(await two.until((e) => e.conversationId === toTwo)).toEqual({ conversationId: toTwo, kind: 'message' });
    // Each vendor's stream had its own message before the other's: the other's never came.
    expect(one.events.map((e) => e.conversationId)).not.toContain(toTwo);
    expect(two.events.map((e) => e.conversationId)).not.toContain(toOne);
    await Promise.all([one.close(), two.close()]);
    // A buyer's token streams its own conversation; nobody else streams anything.
    expect((await fetch(`${base}/api/conversations/events`)).status).toBe(401);
  });

  it.runIf(process.env.DATABASE_URL)('carry a message written through another process (PostgreSQL LISTEN/NOTIFY)', async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const other = await buildApp({
      config: t.config,
      database: await openDatabase({ databaseUrl: pool.options.connectionString, migrate: false }),
      logger: false,
    });
    try {
      await other.app.ready();
      const stream = await openStream(s.vendor1.headers);
      const id = (await chat(other.app as unknown as TestApp['app'], mug, 'cat@buyer.example')).json().conversationId;
      expect(await stream.until((e) => e.conversationId === id)).toEqual({ conversationId: id, kind: 'message' });
      await stream.close();
    } finally {
      await other.app.close();
      await (other.ctx.db as unknown as { $client: pg.Pool }).$client.end();
    }
  });
});
