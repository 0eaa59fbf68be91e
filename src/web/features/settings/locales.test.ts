import { describe, expect, it } from 'vitest';
import { localeTexts } from '#web/i18n/locale-texts.ts';

describe('the English texts', () => {
  it('are the spec’s words', () => {
    const vendors = localeTexts('vendors', 'en');
    expect(vendors['list.inviteSent']).toBe('Invite sent');
    expect(vendors['list.createAccount']).toBe('Create account');
    expect(vendors['applications.empty']).toBe('No applications yet');
    expect(vendors['list.empty']).toBe('No {{vendors}} yet');
  });
});
