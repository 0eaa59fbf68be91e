import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { MSG } from '#shared/messages';
import { REGISTRATION_FIELD_TYPES, vendorApplicationSchemaFor, type RegistrationField } from '#shared/schemas/registration';
import { emptyApplication, listedMessages, toApplicationPayload, toFormErrors, type ApplicationFormValues } from './application-form.ts';
import { applicationResolver } from './application-resolver.ts';

const field = (type: RegistrationField['type'], required: boolean, extra: Partial<RegistrationField> = {}): RegistrationField => ({
  key: `${type}-${required ? 'required' : 'optional'}`,
  name: `A ${type}`,
  type,
  required,
  description: '',
  options: type === 'checkbox' || type === 'select' ? ['One', 'Two'] : [],
  link: type === 'video' ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : type === 'terms' ? 'https://example.com/terms' : '',
  ...extra,
});

const everyType = (required: boolean) => REGISTRATION_FIELD_TYPES.map((type) => field(type, required));

/** A complete answer for each type, as the controls produce them. */
const answerFor = (definition: RegistrationField) => {
  switch (definition.type) {
    case 'checkbox':
      return ['Two'];
    case 'select':
      return 'One';
    case 'terms':
      return true;
    case 'richtext':
      return '<p><b>Hello</b></p>';
    case 'file':
      return '/api/files/doc.pdf';
    case 'image':
      return 'UPLOAD_ME#IMAGE#/api/files/logo.png';
    case 'media':
      return ['UPLOAD_ME#IMAGE#/api/files/a.png', 'UPLOAD_ME#EXTERNAL_VIDEO#https://youtu.be/dQw4w9WgXcQ'];
    case 'video':
      return '';
    default:
      return 'Some text';
  }
};

const options = { fields: {}, names: [], shouldUseNativeValidation: false } as unknown as ResolverOptions<ApplicationFormValues>;

describe('vendorApplicationSchemaFor, as the form uses it', () => {
  it("says 'Required field' for every required field of every type left empty, and for email and vendorName", async () => {
    const fields = everyType(true);
    const resolve = applicationResolver(fields, 'demo');
    const result = await resolve(emptyApplication(fields), undefined, options);
    expect(result.errors.email?.message).toBe(MSG.required);
    expect(result.errors.vendorName?.message).toBe(MSG.required);
    fields.forEach((definition, index) => {
      // a video has nothing to fill in; its answer is the video shown
      const expected = definition.type === 'video' ? undefined : MSG.required;
      expect(result.errors.answers?.[index]?.message, definition.type).toBe(expected);
    });
    expect(MSG.required).toBe('Required field');
  });

  it('accepts optional fields of every type left empty', async () => {
    const fields = everyType(false);
    const resolve = applicationResolver(fields, 'demo');
    const result = await resolve({ ...emptyApplication(fields), email: 'a@b.test', vendorName: 'Shop' }, undefined, options);
    expect(result.errors).toEqual({});
  });

  it('accepts every type answered, and posts the trimmed, lowercased payload with names', async () => {
    const fields = everyType(true);
    const resolve = applicationResolver(fields, 'demo');
    const values = { email: '  Jane@Example.TEST ', vendorName: '  Jane’s shop ', answers: fields.map(answerFor) };
    const result = await resolve(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ store: 'demo', email: 'jane@example.test', vendorName: 'Jane’s shop' });
    const posted = (result.values as { fields: { key: string; value: unknown; name: string }[] }).fields;
    expect(posted.map((f) => f.key)).toEqual(fields.map((f) => f.key));
    expect(posted.find((f) => f.key === 'checkbox-required')).toEqual({ key: 'checkbox-required', name: 'A checkbox', value: ['Two'] });
    expect(posted.find((f) => f.key === 'terms-required')?.value).toBe(true);
    expect(posted.find((f) => f.key === 'video-required')?.value).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('treats an unticked terms box, blank text and an emptied list as missing', async () => {
    const fields = [field('terms', true), field('text', true), field('checkbox', true)];
    const resolve = applicationResolver(fields, 'demo');
    const result = await resolve({ email: 'a@b.test', vendorName: 'Shop', answers: [false, '   ', []] }, undefined, options);
    expect([0, 1, 2].map((i) => result.errors.answers?.[i]?.message)).toEqual([MSG.required, MSG.required, MSG.required]);
  });

  it('refuses a choice that is not one of the options and an invalid email', async () => {
    const fields = [field('select', false)];
    const resolve = applicationResolver(fields, 'demo');
    const result = await resolve({ email: 'not-an-email', vendorName: 'Shop', answers: ['Three'] }, undefined, options);
    expect(result.errors.email?.message).toBe(MSG.invalidEmail);
    expect(result.errors.answers?.[0]?.message).toBe('Choose one of the options');
  });

  it('maps errors to the right field whatever the key looks like', async () => {
    const fields = [
      field('image', true, { key: '$imageUrl' }),
      field('text', true, { key: 'company.name' }),
      field('text', false, { key: 'notes' }),
    ];
    const resolve = applicationResolver(fields, 'demo');
    const result = await resolve({ email: 'a@b.test', vendorName: 'Shop', answers: ['', '', ''] }, undefined, options);
    expect(result.errors.answers?.[0]?.message).toBe(MSG.required);
    expect(result.errors.answers?.[1]?.message).toBe(MSG.required);
    expect(result.errors.answers?.[2]).toBeUndefined();
  });

  it('builds the same payload the server validates', () => {
    const fields = [field('text', true), field('video', false)];
    const payload = toApplicationPayload({ email: 'a@b.test', vendorName: 'Shop', answers: ['x', ''] }, fields, 'demo');
    expect(vendorApplicationSchemaFor(fields).safeParse(payload).success).toBe(true);
  });
});

describe("the server's field errors", () => {
  it('show under the field they name', () => {
    const fields = [field('text', true, { key: 'company' }), field('select', true, { key: 'country' })];
    const errors = toFormErrors(
      listedMessages({
        email: MSG.invalidEmail,
        'fields.country': 'Choose one of the options',
        'fields.0.value': 'Must be at most 20000 characters',
      }),
      fields,
    );
    expect(errors.email?.message).toBe(MSG.invalidEmail);
    expect(errors.answers?.[0]?.message).toBe('Must be at most 20000 characters');
    expect(errors.answers?.[1]?.message).toBe('Choose one of the options');
  });
});
