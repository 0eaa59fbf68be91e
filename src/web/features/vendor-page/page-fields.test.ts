import { describe, expect, it } from 'vitest';
import {
  coerceValue,
  formErrorsOf,
  groupFields,
  initialValues,
  pageFieldOf,
  shownFields,
  toPageInput,
  type PageField,
} from './page-fields.ts';

const field = (raw: Record<string, unknown>): PageField => pageFieldOf({ name: String(raw.key), type: 'input', ...raw });

describe('pageFieldOf', () => {
  it('reads required and show/showWhen from the property block, and shows the description without it', () => {
    const f = pageFieldOf({
      key: 'vat',
      name: 'VAT number',
      type: 'input',
      description: 'For companies {show:kind|showWhen:company|required:true}',
    });
    expect(f).toMatchObject({
      key: 'vat',
      name: 'VAT number',
      type: 'input',
      description: 'For companies',
      required: true,
      properties: { show: 'kind', showWhen: 'company' },
    });
  });

  it('keeps a field the server sends oddly: unknown type as a text input, name from the key', () => {
    expect(pageFieldOf({ key: 'odd', type: 'hologram', required: 'yes' })).toMatchObject({
      key: 'odd',
      name: 'odd',
      type: 'input',
      required: false,
      options: [],
    });
  });
});

describe('values', () => {
  it('shapes stored values for their controls', () => {
    expect(coerceValue('a', 'checkbox')).toEqual(['a']);
    expect(coerceValue(undefined, 'media')).toEqual([]);
    expect(coerceValue(true, 'terms')).toBe(true);
    expect(coerceValue(['x', 'y'], 'input')).toBe('x, y');
    expect(coerceValue(undefined, 'textarea')).toBe('');
  });

  it('starts from the stored page, one answer per definition', () => {
    const fields = [field({ key: 'story', type: 'textarea' }), field({ key: 'tags', type: 'checkbox', options: ['a', 'b'] })];
    const values = initialValues(fields, {
      description: '<p>Hi</p>',
      imageUrl: 'https://cdn.test/a.png',
      metafields: [{ key: 'tags', value: ['b'] }],
      status: 'pending',
      updatedAt: null,
    });
    expect(values).toEqual({ description: '<p>Hi</p>', imageUrl: 'https://cdn.test/a.png', metafields: ['', ['b']] });
    expect(initialValues(fields, null)).toEqual({ description: '', imageUrl: '', metafields: ['', []] });
  });

  it('sends the answers given, without empty ones or videos', () => {
    const fields = [
      field({ key: 'story', type: 'textarea' }),
      field({ key: 'tags', type: 'checkbox' }),
      field({ key: 'intro', type: 'video' }),
      field({ key: 'ok', type: 'terms' }),
      field({ key: 'since' }),
    ];
    const input = toPageInput(fields, {
      description: '',
      imageUrl: ' https://cdn.test/a.png ',
      metafields: ['Since 1999', ['a', ' '], '', false, '  '],
    });
    expect(input).toEqual({
      description: '',
      imageUrl: 'https://cdn.test/a.png',
      metafields: [
        { key: 'story', value: 'Since 1999' },
        { key: 'tags', value: ['a'] },
      ],
    });
  });
});

describe('shownFields', () => {
  const fields = [
    field({ key: 'kind', type: 'select', options: ['person', 'company'] }),
    field({ key: 'vat', description: '{show:kind|showWhen:company}' }),
    field({ key: 'note', description: '{show:kind}' }),
    field({ key: 'secret', description: '{show:__never}' }),
  ];

  it('follows the current answers', () => {
    expect(shownFields(fields, ['', '', '', ''])).toEqual([true, false, false, false]);
    expect(shownFields(fields, ['person', '', '', ''])).toEqual([true, false, true, false]);
    expect(shownFields(fields, ['company', '', '', ''])).toEqual([true, true, true, false]);
  });
});

describe('groupFields', () => {
  const fields = ['story', 'since', 'city', 'misc'].map((key) => field({ key }));

  it("groups by the store's sections in their key order; unnamed fields go last, empty sections are left out", () => {
    const groups = groupFields(fields, [
      { name: 'About', keys: ['since', 'story'] },
      { name: 'Nothing here', keys: ['gone'] },
      { name: 'Where', keys: ['city', 'story'] },
    ]);
    expect(groups.map((g) => [g.name, g.items.map((i) => `${i.index}:${i.field.key}`)])).toEqual([
      ['About', ['1:since', '0:story']],
      ['Where', ['2:city']],
      [null, ['3:misc']],
    ]);
  });

  it('puts everything under one group without sections', () => {
    expect(groupFields(fields, []).map((g) => g.name)).toEqual([null]);
  });
});

describe('formErrorsOf', () => {
  const fields = ['story', 'since', 'city'].map((key) => field({ key }));
  const sent = { description: '', imageUrl: '', metafields: [{ key: 'city', value: 'x'.repeat(10) }] };

  it('puts required errors under their definitions and schema errors under the answer that was sent', () => {
    expect(
      formErrorsOf(
        {
          'metafields.0': 'Required',
          'metafields.0.value': 'Too long',
          imageUrl: 'Must be a valid URL',
          'metafields.9': 'Required',
          other: 'x',
        },
        fields,
        sent,
      ),
    ).toEqual([
      ['metafields.0', 'Required'],
      ['metafields.2', 'Too long'],
      ['imageUrl', 'Must be a valid URL'],
    ]);
  });
});
