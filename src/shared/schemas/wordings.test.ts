import { describe, expect, it } from 'vitest';
import { WordingsSchema, wordingsIn } from './registration.ts';

describe('wordingsIn', () => {
  const english = WordingsSchema.parse({ vendor: 'seller', vendors: 'sellers' });

  it('gives English the store’s wordings, and another language its plain words rather than the English ones', () => {
    expect(wordingsIn('en', english)).toMatchObject({ vendor: 'seller', products: 'products' });
    expect(wordingsIn('nl', english)).toMatchObject({ vendor: 'verkoper', vendors: 'verkopers', products: 'producten' });
    expect(wordingsIn('de-DE', english)).toMatchObject({ vendor: 'Verkäufer', products: 'Produkte' });
  });

  it("takes the admin's word of the language, a blank one meaning the plain word", () => {
    const words = wordingsIn('nl', english, { nl: { vendor: 'winkelier', vendors: '  ' } });
    expect(words).toMatchObject({ vendor: 'winkelier', vendors: 'verkopers', product: 'product' });
    expect(wordingsIn('en', WordingsSchema.parse({ vendor: ' ' })).vendor).toBe('vendor');
  });
});
