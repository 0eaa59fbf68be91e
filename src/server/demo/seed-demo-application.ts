import type { AppContext } from '#server/context';
import { vendorApplications } from '#server/db/schema/index';
import { DEMO_STORE } from './seed-demo.ts';

/**
 * An application waiting for the admin's decision. A real one needs its applicant to confirm
 * the e-mail address through a link, which a demo without SMTP never delivers: without this the
 * Applications screen of a first run would stay empty.
 */
export async function seedDemoApplication(ctx: AppContext) {
  const confirmedAt = ctx.now();
  await ctx.db.insert(vendorApplications).values({
    storeId: DEMO_STORE,
    email: 'hello@atelier-nord.test',
    vendorName: 'Atelier Nord',
    status: 'pending',
    confirmedAt,
    fields: [
      { key: 'company', value: 'Atelier Nord BV', name: 'Company name' },
      { key: 'about', value: 'Hand-thrown stoneware and linen, made in Groningen.', name: 'About your shop' },
      { key: 'categories', value: ['Home', 'Art'], name: 'Categories' },
      { key: 'country', value: 'Netherlands', name: 'Country' },
      { key: 'terms', value: true, name: 'I agree to the terms and conditions' },
    ],
  });
}
