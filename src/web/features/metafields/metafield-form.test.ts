import { describe, expect, it } from 'vitest';
import { parseDescription } from '#shared/metafield-properties';
import { metafieldResolver, toDefinition, toMetafieldForm, type MetafieldFormValues } from './metafield-form.ts';

const resolve = (values: MetafieldFormValues) =>
  metafieldResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false } as never);
const messageOf = (errors: object, name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;

describe('the metafield definition editor', () => {
  it("gives the spec's messages under the name, the link and the options", async () => {
    const base = toMetafieldForm(null);
    expect(messageOf((await resolve({ ...base, key: 'k' })).errors, 'name')).toBe('Required field');
    expect(messageOf((await resolve({ ...base, key: 'k', name: 'N', type: 'url', link: 'not a url' })).errors, 'link')).toBe(
      'Must be a valid URL',
    );
    expect(messageOf((await resolve({ ...base, key: 'k', name: 'N', type: 'checkbox' })).errors, 'options')).toBe(
      'There should be at least one choice',
    );
    expect(messageOf((await resolve({ ...base, key: 'k', name: 'N', type: 'select', options: ['a'] })).errors, 'options')).toBe(
      'There should be at least two choices',
    );
  });

  it('writes show, showWhen and required into the description block and reads them back', () => {
    const values: MetafieldFormValues = {
      ...toMetafieldForm(null),
      key: 'size',
      name: 'Size',
      description: 'The size {in cm}',
      show: 'color',
      showWhen: 'red',
      required: true,
    };
    const definition = toDefinition(values);
    expect(parseDescription(definition.description)).toEqual({
      text: 'The size {in cm}',
      properties: { show: 'color', showWhen: 'red', required: true },
    });
    expect(definition.required).toBe(true);
    const back = toMetafieldForm({ ...definition, id: 'x', owner: 'products', position: 0 });
    expect(back).toMatchObject({ description: 'The size {in cm}', show: 'color', showWhen: 'red', required: true });
  });
});
