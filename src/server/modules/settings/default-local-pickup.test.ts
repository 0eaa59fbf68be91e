import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_PACKAGE } from '#shared/schemas/vendor-settings';
import { createTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { productVariants } from '#server/db/schema/index';
import { caller, demoSessions, type Session } from '../../../../test/support/sessions.ts';
import { saveProduct } from '../../../../test/support/products.ts';

let t: TestApp;
let s: { admin: Session; vendor1: Session; vendor2: Session };
beforeAll(async () => {
  t = await createTestApp();
  s = await demoSessions(t);
});
afterAll(() => t.close());

const address = { name: 'Jo', street1: 'Main 1', city: 'Utrecht', zip: '3511', country: 'NL', phone: '+31 30 000', email: 'jo@shop.test' };
const shipFrom = (who: Session, enabled: boolean) =>
  caller(t, who)('PUT', '/api/settings/ship-from-address', {
    shipFromAddress: address,
    defaultPackage: DEFAULT_PACKAGE,
    defaultLocalPickup: { enabled, instructions: 'Ring twice' },
  });
/** A new product whose variant says nothing about local pickup, as the CSV import and API clients may send it. */
async function pickupOfNew(who: Session, over: Record<string, unknown> = {}) {
  const id = await saveProduct(t, who, {
    title: 'Clay bowl',
    vendor: 'Vendor One',
    variants: [{ price: '12.00', stock: 1, localPickup: undefined, ...over }],
  });
  const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.productId, id));
  return variant.localPickup.enabled;
}

describe("the ship-from address's defaultLocalPickup", () => {
  it("is where a new variant's local pickup comes from: the vendor's own, else the marketplace's", async () => {
    expect(await pickupOfNew(s.vendor1)).toBe(false);
    // The marketplace's default (saved in the admin's marketplace view) holds for a vendor without an address of its own.
    expect((await shipFrom(s.admin, true)).statusCode).toBe(200);
    expect(await pickupOfNew(s.vendor1)).toBe(true);
    expect(await pickupOfNew(s.admin)).toBe(true);
    // The vendor's own ship-from settings take over.
    expect((await shipFrom(s.vendor1, false)).statusCode).toBe(200);
    expect(await pickupOfNew(s.vendor1)).toBe(false);
    // A variant that says so keeps what it says.
    expect(await pickupOfNew(s.vendor1, { localPickup: { enabled: true } })).toBe(true);
  });
});
