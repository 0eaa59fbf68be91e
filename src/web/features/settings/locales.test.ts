import { describe, expect, it } from 'vitest';
import { expectCompleteLocales, localeTexts } from '../../i18n/expect-complete-locales.ts';

describe.each(['settings', 'vendors'])('%s texts', (namespace) => {
  it('exist in every language with the same keys and placeholders, none empty', () => {
    expectCompleteLocales(namespace);
  });
});

describe('the English texts', () => {
  it('are the spec’s words', () => {
    const settings = localeTexts('settings', 'en');
    expect(settings['messages.Must match a color like #4f46e5']).toBe('Must match a color like #4f46e5');
    expect(settings['messages.Should be before the start date']).toBe('Should be before the start date');
    expect(settings['messages.State is required']).toBe('State is required');
    expect(settings['form.saved']).toBe('Saved');
    const vendors = localeTexts('vendors', 'en');
    expect(vendors['list.inviteSent']).toBe('Invite sent');
    expect(vendors['list.createAccount']).toBe('Create account');
    expect(vendors['applications.empty']).toBe('No applications yet');
    expect(vendors['list.empty']).toBe('No {{vendors}} yet');
  });

  it('translate each message under its own English text', () => {
    for (const [key, text] of Object.entries(localeTexts('settings', 'en'))) {
      if (key.startsWith('messages.')) expect(text).toBe(key.slice('messages.'.length));
    }
  });
});
