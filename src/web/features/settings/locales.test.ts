import { describe, expect, it } from 'vitest';
import { expectCompleteLocales, localeTexts } from '../../i18n/expect-complete-locales.ts';

describe.each(['settings', 'vendors'])('%s texts', (namespace) => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    expectCompleteLocales(namespace);
  });
});

describe('the English texts', () => {
  it('are the spec’s words', () => {
    const vendors = localeTexts('vendors', 'en');
    expect(vendors['list.inviteSent']).toBe('Invite sent');
    expect(vendors['list.createAccount']).toBe('Create account');
    expect(vendors['applications.empty']).toBe('No applications yet');
    expect(vendors['list.empty']).toBe('No {{vendors}} yet');
  });
});
