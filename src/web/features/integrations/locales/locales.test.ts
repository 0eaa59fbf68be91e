import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '#shared/schemas/payments';
import { expectCompleteLocales, localeTexts } from '../../../i18n/expect-complete-locales.ts';
import { LANGUAGES } from '../../../i18n/pick-language.ts';

/** The integrations namespace (payment providers: keys and getting paid): every language, every key. */
describe('integrations texts', () => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    expect(readdirSync(import.meta.dirname).filter((f) => f.endsWith('.json')).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
    expectCompleteLocales('integrations');
  });

  it('translate the messages of the payment calls the screen can meet', () => {
    const en = localeTexts('integrations', 'en');
    for (const message of [PAYMENT_MESSAGES.secretKeyPrefix, PAYMENT_MESSAGES.secretKeyLength, PAYMENT_MESSAGES.invalidVenmo, PAYMENT_MESSAGES.noStripeAccount, PAYMENT_MESSAGES.onboardingNotDone]) {
      expect(en[`messages.${message}`], message).toBeDefined();
    }
    // The spec's own words stay as they are in English.
    expect(en[`messages.${PAYMENT_MESSAGES.secretKeyPrefix}`]).toBe('Must starts with sk_');
  });
});
