import { describe, expect, it } from 'vitest';
import { questionIn, RegistrationFieldSchema } from './registration.ts';

const field = RegistrationFieldSchema.parse({
  key: 'vat',
  name: 'VAT number',
  description: 'As on your invoices',
  translations: { nl: { name: 'Btw-nummer' } },
});

describe('questionIn', () => {
  it("shows the admin's words in the reader's language, and the English ones where none were written", () => {
    expect(questionIn(field, 'nl-BE')).toMatchObject({ name: 'Btw-nummer', description: 'As on your invoices' });
    expect(questionIn(field, 'de')).toMatchObject({ name: 'VAT number', description: 'As on your invoices' });
    expect(questionIn(field, 'en')).toMatchObject({ name: 'VAT number' });
  });
});
