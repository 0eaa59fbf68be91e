import { afterEach, describe, expect, it } from 'vitest';
import { i18next, translateMessage } from './index.ts';

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe("the server's words for a failed connection", () => {
  it('keep the address and are said in the reader’s language', async () => {
    expect(translateMessage('Could not reach shop.example. Check the address.')).toBe('Could not reach shop.example. Check the address.');
    await i18next.changeLanguage('nl');
    expect(translateMessage('Could not reach shop.example. Check the address.')).toBe(
      'Kon shop.example niet bereiken. Controleer het adres.',
    );
    await i18next.changeLanguage('de');
    expect(translateMessage('Brevo (api.brevo.com) did not answer in time. Try again later.')).toBe(
      'Brevo (api.brevo.com) hat nicht rechtzeitig geantwortet. Versuchen Sie es später erneut.',
    );
  });
});
