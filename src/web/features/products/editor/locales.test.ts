import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '#shared/schemas/products';
import { localeTexts } from '#web/i18n/locale-texts.ts';

/** The editor's own texts: the "editor" object of the products namespace. */
const editorTexts = (language: string) =>
  Object.fromEntries(
    Object.entries(localeTexts('products', language)).flatMap(([key, text]) =>
      key.startsWith('editor.') ? [[key.slice('editor.'.length), text]] : [],
    ),
  );

describe('the product editor texts', () => {
  it('translate every fixed message of the shared product schema, keyed by its English text', () => {
    const en = editorTexts('en');
    for (const message of Object.values(PRODUCT_MESSAGES))
      if (typeof message === 'string') expect(en[`messages.${message}`], message).toBe(message);
  });

  it('say the spec’s words', () => {
    const en = editorTexts('en');
    expect(en['saved']).toBe('Saved');
    expect(en['messages.Required']).toBe('Required');
    expect(en['messages.Some metafields are required']).toBe('Some metafields are required');
    expect(en['approval.approved']).toBe('Approved');
    expect(en['approval.pending']).toBe('Pending review');
    expect(en['translations.outdated']).toBe('Outdated');
  });
});
