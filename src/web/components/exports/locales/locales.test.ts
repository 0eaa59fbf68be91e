import { describe, expect, it } from 'vitest';
import { localeTexts } from '#web/i18n/locale-texts.ts';

describe('the English exports texts', () => {
  it('say the words the browser tests click', () => {
    const en = localeTexts('exports', 'en');
    expect(en['button']).toBe('Export CSV');
    expect(en['download']).toBe('Download CSV');
    expect(en['close']).toBe('Close');
    expect(en['ready_other']).toBe('Export ready: {{count}} {{items}}');
  });
});
