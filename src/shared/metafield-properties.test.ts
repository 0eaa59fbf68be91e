import { describe, expect, it } from 'vitest';
import { formatDescription, isFieldShown, parseDescription } from './metafield-properties.ts';

describe('metafield description properties', () => {
  it('parses the block and strips it from the text', () => {
    expect(parseDescription('Pick a size {show:type|showWhen:shirt|required:true}')).toEqual({
      text: 'Pick a size',
      properties: { show: 'type', showWhen: 'shirt', required: true },
    });
  });

  it('reads a description without a block as text only', () => {
    expect(parseDescription('Just text')).toEqual({ text: 'Just text', properties: {} });
    expect(parseDescription(undefined)).toEqual({ text: '', properties: {} });
  });

  it('honours escapes in values and text', () => {
    const parsed = parseDescription('Ratio \\{a\\} {show:kind|showWhen:a\\|b\\:c}');
    expect(parsed).toEqual({ text: 'Ratio {a}', properties: { show: 'kind', showWhen: 'a|b:c' } });
  });

  it('round-trips through formatDescription', () => {
    const properties = { show: 'color', showWhen: 'red|blue', required: true };
    const text = 'Shade {of} the item';
    expect(parseDescription(formatDescription(text, properties))).toEqual({ text, properties });
  });

  it('decides visibility from show and showWhen', () => {
    expect(isFieldShown({}, {})).toBe(true);
    expect(isFieldShown({ show: '__alway' }, {})).toBe(true);
    expect(isFieldShown({ show: '__never' }, {})).toBe(false);
    expect(isFieldShown({ show: 'type', showWhen: 'shirt' }, { type: 'shirt' })).toBe(true);
    expect(isFieldShown({ show: 'type', showWhen: 'shirt' }, { type: 'mug' })).toBe(false);
    expect(isFieldShown({ show: 'colors', showWhen: 'red' }, { colors: ['blue', 'red'] })).toBe(true);
    expect(isFieldShown({ show: 'gift' }, { gift: true })).toBe(true);
    expect(isFieldShown({ show: 'gift' }, { gift: '' })).toBe(false);
  });
});
