import { describe, expect, it } from 'vitest';
import { ORDER_ACTION_MESSAGES } from '#shared/schemas/orders';
import { localeTexts } from '#web/i18n/locale-texts.ts';

/** The orders namespace (list, detail, fulfil and commission forms): every language, every key. */
describe('orders texts', () => {
  it('translate the messages of the order calls the screens can meet', () => {
    const en = localeTexts('orders', 'en');
    for (const message of [
      ORDER_ACTION_MESSAGES.tooMany,
      ORDER_ACTION_MESSAGES.cancelled,
      ORDER_ACTION_MESSAGES.paid,
      'Choose at least one item to fulfil',
    ]) {
      expect(en[`messages.${message}`], message).toBe(message);
    }
  });

  it('say the words the browser test and the brief name', () => {
    const en = localeTexts('orders', 'en');
    expect(en['list.empty.none']).toBe('No orders yet');
    expect(en['list.empty.filtered']).toBe('No orders match these filters');
    expect(en['detail.fulfil.shipped']).toBe('Shipped');
  });
});
