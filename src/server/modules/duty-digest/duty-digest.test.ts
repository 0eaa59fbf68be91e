import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { conversations, jobs, vendorApplications, vendors } from '#server/db/schema/index';
import { caller, demoSessions } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';
import { DUTY_DIGEST_JOB, scheduleDutyDigest } from '../notifications/schedule-duty-digest.ts';
import { sendDutyDigest } from './duty-digest.ts';

const NOW = new Date('2026-11-22T10:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());

const digestJobs = async () => (await t.db.select().from(jobs).where(eq(jobs.type, DUTY_DIGEST_JOB.type))).map((j) => j.payload.at).sort();
const digests = async () => (await t.mailsTo(DEMO_ACCOUNTS.admin)).filter((m) => m.template === 'marketplace-duty-digest');

describe('the daily duty digest', () => {
  it('is queued at digestSendAtHourUtc, tells the admins what waits, then queues the next day', async () => {
    await scheduleDutyDigest(t.ctx, 'demo');
    // The default hour is 8 UTC: 10:30 has passed it, so tomorrow.
    expect(await digestJobs()).toEqual(['2026-11-23T08:00:00.000Z']);

    // Nothing waits: no mail, but tomorrow's digest is still queued.
    await sendDutyDigest(t.ctx, { storeId: 'demo', at: '2026-11-23T08:00:00.000Z' });
    expect(await digests()).toEqual([]);
    expect(await digestJobs()).toContain('2026-11-24T08:00:00.000Z');

    const s = await demoSessions(t);
    await saveProduct(t, s.vendor1, { title: 'Waiting for review', variants: [{ price: '5', stock: 1, sku: 'W-1' }] });
    await t.db.insert(vendorApplications).values({ storeId: 'demo', email: 'new@vendor.example', vendorName: 'New Vendor' });
    // One buyer waits for an answer; the other conversation was answered by the seller.
    const [vendor] = await t.db.select().from(vendors).where(eq(vendors.name, 'Vendor One'));
    await t.db.insert(conversations).values([
      { storeId: 'demo', vendorId: vendor.id, buyerEmail: 'waiting@buyer.example', lastMessage: 'Is it in stock?', lastSender: 'buyer' },
      {
        storeId: 'demo',
        vendorId: vendor.id,
        buyerEmail: 'answered@buyer.example',
        lastMessage: 'Yes, it ships today',
        lastSender: 'seller',
      },
    ]);
    await sendDutyDigest(t.ctx, { storeId: 'demo', at: '2026-11-24T08:00:00.000Z' });
    const [mail] = await digests();
    expect(mail.subject).toBe('Your Demo Marketplace to-do list for 2026-11-24');
    expect(mail.html).toContain('1 product(s) to review');
    expect(mail.html).toContain('1 vendor application(s) to decide');
    expect(mail.html).toContain('0 unfulfilled order(s)');
    expect(mail.html).toContain('1 unanswered conversation(s)');
  });

  it('moves to a new hour when the admin changes it; the digest queued for the old hour stands down', async () => {
    const s = await demoSessions(t);
    const current = (await caller(t, s.admin)('GET', '/api/notifications/settings')).json();
    const { integration: _integration, ...settings } = current;
    expect((await caller(t, s.admin)('PUT', '/api/notifications/settings', { ...settings, digestSendAtHourUtc: 17 })).statusCode).toBe(200);
    expect(await digestJobs()).toContain('2026-11-22T17:00:00.000Z');
    const before = (await digests()).length;
    await sendDutyDigest(t.ctx, { storeId: 'demo', at: '2026-11-25T08:00:00.000Z' });
    expect((await digests()).length).toBe(before);
  });
});
