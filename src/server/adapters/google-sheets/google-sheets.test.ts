import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogleSheets, type FakeGoogleSheets } from '../../../../test/fakes/fake-google-sheets.ts';
import { createSheetsClient, SheetsRefusal } from './google-sheets.ts';

let google: FakeGoogleSheets;
beforeAll(async () => {
  google = await startFakeGoogleSheets({ writesPerWindow: 2, windowMs: 1000 });
});
afterAll(() => google.close());

/** A client of the fake whose waits are recorded (and kept short), not slept in full. */
function clientOf(options: { privateKey?: string; writesPerMinute?: number; windowMs?: number } = {}) {
  const waits: number[] = [];
  const client = createSheetsClient({
    credentials: { clientEmail: google.clientEmail, privateKey: options.privateKey ?? google.privateKey },
    apiUrl: google.url,
    tokenUrl: google.tokenUrl,
    writesPerMinute: options.writesPerMinute ?? 300,
    windowMs: options.windowMs,
    sleep: async (ms) => {
      waits.push(ms);
      await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 1100)));
    },
  });
  return { client, waits };
}

describe('the Google Sheets client', () => {
  it('signs in with an RS256 JWT the token endpoint checks against the account key; another key is refused', async () => {
    const sheet = google.createSpreadsheet();
    const tokensBefore = google.stats.tokens;
    const { client } = clientOf();
    expect(await client.tabTitles(sheet.id)).toEqual(['Sheet1']);
    expect(await client.tabTitles(sheet.id)).toEqual(['Sheet1']);
    expect(google.stats.tokens - tokensBefore, 'the token is kept').toBe(1);

    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const error = await clientOf({ privateKey: stranger })
      .client.tabTitles(sheet.id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SheetsRefusal);
    expect((error as Error).message).toBe('Google sign-in failed: Invalid JWT Signature.');
  });

  it('honours Retry-After on a 429 and writes every request in the end', async () => {
    google.state.retryAfterSeconds = 1;
    const sheet = google.createSpreadsheet();
    const { client, waits } = clientOf();
    await client.addTabs(sheet.id, ['Orders']);
    for (let i = 0; i < 5; i++) await client.writeRows(sheet.id, 'Orders', i + 1, [[`row ${i + 1}`]]);
    expect(google.rows(sheet.id, 'Orders')).toEqual([1, 2, 3, 4, 5].map((n) => [`row ${n}`]));
    expect(client.stats.throttled).toBeGreaterThan(0);
    expect(waits.length).toBe(client.stats.throttled);
    expect(waits.every((ms) => ms === 1000)).toBe(true);
  });

  it('backs off exponentially when a 429 says nothing, and paces itself to its own limit first', async () => {
    google.state.retryAfterSeconds = null;
    const sheet = google.createSpreadsheet();
    const { client, waits } = clientOf();
    await client.addTabs(sheet.id, ['Orders']);
    await client.writeRows(sheet.id, 'Orders', 1, [['a']]);
    await client.writeRows(sheet.id, 'Orders', 2, [['b']]);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    expect(waits[0]).toBeLessThan(2000);

    // A limit of 2 writes in 1.2 s here (Google's: 2 a second): the third write waits for its window instead of meeting a 429.
    const paced = clientOf({ writesPerMinute: 2, windowMs: 1200 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const throttledBefore = google.stats.throttled;
    for (let i = 0; i < 3; i++) await paced.client.writeRows(sheet.id, 'Orders', 3 + i, [['c']]);
    expect(paced.waits.length).toBeGreaterThan(0);
    expect(google.stats.throttled).toBe(throttledBefore);
  });

  it('sends a request again when the connection is lost without an answer', async () => {
    const sheet = google.createSpreadsheet();
    const { client, waits } = clientOf();
    await client.tabTitles(sheet.id);
    google.dropNext(2);
    expect(await client.tabTitles(sheet.id)).toEqual(['Sheet1']);
    expect(waits).toHaveLength(2);
  });

  it("reports Google's refusal of a sheet not shared with the account, and of an unknown one", async () => {
    const { client } = clientOf();
    const hidden = google.createSpreadsheet({ shared: false });
    await expect(client.tabTitles(hidden.id)).rejects.toMatchObject({ status: 403, message: 'The caller does not have permission' });
    await expect(client.tabTitles('no-such-spreadsheet-id')).rejects.toMatchObject({
      status: 404,
      message: 'Requested entity was not found.',
    });
  });
});
