import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import sharp from 'sharp';
import { TEMPLATE_NAMES } from '#shared/schemas/notifications';
import { createPostgresTestDatabase, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STORE } from '../support/test-app.ts';
import { signIn, startProduct, type ProductProcess } from '../support/product-process.ts';
import { startS3Server } from '../support/s3-server.ts';

/**
 * Two product processes (real HTTP, their own ports) on one PostgreSQL database and one S3 bucket,
 * as behind a load balancer. PostgreSQL only: PGlite is one process's embedded database.
 */
const MAILS = 20;

let s3: Awaited<ReturnType<typeof startS3Server>>;
let database: NonNullable<Awaited<ReturnType<typeof createPostgresTestDatabase>>>;
let a: ProductProcess;
let b: ProductProcess;
let sql: pg.Client;

describe.skipIf(!process.env.DATABASE_URL)('two processes on one PostgreSQL', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    database = (await createPostgresTestDatabase())!;
    const env = { ...s3.env, DATABASE_URL: database.url, SEED_DEMO: 'true' };
    // One after the other: the first seeds the demo marketplace, the second finds it.
    a = await startProduct(env);
    b = await startProduct(env);
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 240_000);

  afterAll(async () => {
    await sql?.end();
    for (const product of [a, b]) {
      if (!product) continue;
      product.child.kill('SIGTERM');
      await product.exited;
    }
    await database?.drop();
    await s3?.close();
  });

  it('a session signed in on one process works on the other', async () => {
    const admin = await signIn(a.url, DEMO_STORE, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const me = await fetch(`${b.url}/api/settings`, { headers: admin });
    expect(me.status).toBe(200);
  });

  it('runs each queued job exactly once, whichever process queued it', async () => {
    const admin = await signIn(a.url, DEMO_STORE, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const to = (i: number) => `two-processes-${i}@example.test`;
    await Promise.all(
      Array.from({ length: MAILS }, async (_, i) => {
        const via = i % 2 === 0 ? a : b;
        const res = await fetch(`${via.url}/api/notifications/templates/${TEMPLATE_NAMES[0]}/test-email`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ email: to(i) }),
        });
        expect(res.status, await res.text()).toBe(201);
      }),
    );
    const jobsOfTheseMails = `FROM jobs WHERE type = 'send-email' AND payload->>'to' LIKE 'two-processes-%'`;
    for (;;) {
      const { rows } = await sql.query(
        `SELECT count(*) FILTER (WHERE status = 'done')::int AS done, count(*)::int AS all ${jobsOfTheseMails}`,
      );
      expect(rows[0].all).toBe(MAILS);
      if (rows[0].done === MAILS) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { rows: attempts } = await sql.query(`SELECT attempts ${jobsOfTheseMails}`);
    expect(attempts.map((row) => row.attempts)).toEqual(Array(MAILS).fill(1));
    const { rows: sent } = await sql.query(
      `SELECT to_address, count(*)::int AS n FROM outbox_emails WHERE to_address LIKE 'two-processes-%' GROUP BY to_address ORDER BY to_address`,
    );
    expect(sent).toHaveLength(MAILS);
    expect(sent.every((row) => row.n === 1)).toBe(true);
  });

  it('a file uploaded through one process is served by the other (S3 storage)', async () => {
    const vendor = await signIn(a.url, DEMO_STORE, DEMO_ACCOUNTS.vendor1, DEMO_PASSWORD);
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    const { url, location } = (await (
      await fetch(`${a.url}/api/cdn/product-images?ext=png&name=shared.png`, { method: 'PUT', headers: vendor })
    ).json()) as { url: string; location: string };
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(image), headers: { 'content-type': 'image/png' } })).status).toBe(200);
    const path = new URL(location).pathname;
    for (const product of [b, a]) {
      const got = await fetch(`${product.url}${path}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await got.arrayBuffer()).equals(image)).toBe(true);
    }
  });

  it('a session ended on one process is refused by the other at once', async () => {
    const login = await fetch(`${a.url}/api/auth/public/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-iframe': 'false' },
      body: JSON.stringify({ store: DEMO_STORE, email: DEMO_ACCOUNTS.vendor2, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { cookie, 'x-iframe': 'false' };
    expect((await fetch(`${a.url}/api/settings`, { headers })).status).toBe(200);
    expect((await fetch(`${b.url}/api/auth/public/logout`, { method: 'POST', headers })).status).toBe(200);
    expect((await fetch(`${a.url}/api/settings`, { headers })).status).toBe(401);
  });

  it('rate limits add up across both processes', async () => {
    // The public message call allows 5 a minute per address: 3 through each process make the 6th a 429.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const via = i % 2 === 0 ? a : b;
      const res = await fetch(`${via.url}/api/message/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ store: DEMO_STORE, email: 'buyer@example.test', body: `Question ${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('ready answers 200 on both; after SIGTERM one process is gone and the other still serves', async () => {
    for (const product of [a, b]) expect((await fetch(`${product.url}/api/ready`)).status).toBe(200);
    b.child.kill('SIGTERM');
    expect((await b.exited).code).toBe(0);
    expect((await fetch(`${a.url}/api/ready`)).status).toBe(200);
  });
});
