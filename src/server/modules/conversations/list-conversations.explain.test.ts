import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { planOf, recordStatements, unboundedSeqScans } from '../../../../test/support/explain.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { conversations, vendors } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';
import { getAppStatus } from '../settings/app-status.ts';
import { listConversations } from './list-conversations.ts';

/**
 * The inbox reads indexes, never the whole conversations table, at a realistic size. PostgreSQL only
 * (DATABASE_URL), with CONVERSATIONS_EXPLAIN_ROWS conversations (100,000 by default). The search (q)
 * is left out: it filters the caller's range of conversations (docs/decisions/conversations.md, "The inbox reads indexes").
 */
const ROWS = Number(process.env.CONVERSATIONS_EXPLAIN_ROWS ?? 100_000);

describe.skipIf(!process.env.DATABASE_URL)('inbox queries at scale (PostgreSQL)', () => {
  let t: TestApp;
  let vendorId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const ids = (await t.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.storeId, 'demo'))).map((v) => v.id);
    vendorId = ids[0];
    await t.db.execute(sql`
      insert into conversations (store_id, vendor_id, buyer_email, buyer_name, product_id, product_title, last_message, last_sender, last_message_at, seller_unread, message_count)
      select 'demo', (array[${ids[0]}::uuid, ${ids[1]}::uuid])[1 + g % 2], 'buyer' || g || '@bulk.test', 'Buyer ' || g, gen_random_uuid(), 'Product ' || g, 'Hello',
        case when g % 3 = 0 then 'buyer' else 'seller' end, now() - g * interval '1 minute', case when g % 100 = 0 then 1 else 0 end, 1
      from generate_series(1, ${ROWS}) g`);
    await t.db.execute(sql`analyze conversations`);
  }, 600_000);
  afterAll(() => t?.close());

  it('every tab, page, count and the missed-messages counter read an index', async () => {
    const admin = {
      userId: '00000000-0000-0000-0000-000000000000',
      storeId: 'demo',
      email: '',
      name: null,
      isAdmin: true,
      vendor: '*',
      vendorId: null,
    } as AuthContext;
    const vendor = { ...admin, isAdmin: false, vendor: 'Vendor One', vendorId };
    const [open] = await t.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.vendorId, vendorId)).limit(1);
    const cases: [string, AuthContext, Record<string, unknown>][] = [
      ['first page', admin, {}],
      ['page 300', admin, { page: 300 }],
      ['unread', admin, { status: 'unread' }],
      ['vendor, first page', vendor, {}],
      ['vendor, unread', vendor, { status: 'unread' }],
      ['vendor, unanswered', vendor, { status: 'unanswered' }],
      ['vendor, open conversation', vendor, { conversationId: open.id }],
    ];
    const seqScans: string[] = [];
    const check = async (name: string, work: () => Promise<unknown>) => {
      for (const statement of await recordStatements(t.db, work)) {
        if (!/conversations/.test(statement.text) || /^(update|insert)/i.test(statement.text)) continue;
        for (const table of unboundedSeqScans(await planOf(t.db, statement), ['conversations', 'conversation_messages']))
          seqScans.push(`${name}: ${table} in ${statement.text.slice(0, 120)}`);
      }
    };
    for (const [name, auth, query] of cases) await check(name, () => listConversations(t.ctx, { kind: 'user', auth }, query));
    await check('missedMessages (admin)', () => getAppStatus(t.ctx, admin));
    await check('missedMessages (vendor)', () => getAppStatus(t.ctx, vendor));
    expect(seqScans).toEqual([]);
  }, 120_000);
});
