import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { ChangePasswordRequestSchema, ChangePasswordUpdateSchema, LoginSchema, SwitchVendorSchema } from './auth.ts';

/** The first message of each field of a failed parse, as the form shows it (react-hook-form's firstError). */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

const login = { store: 'demo', email: 'Someone@Example.com ', password: 'long-enough' };

describe('LoginSchema', () => {
  it('accepts a valid sign-in and lowercases and trims the email', () => {
    expect(LoginSchema.parse(login)).toEqual({ store: 'demo', email: 'someone@example.com', password: 'long-enough' });
  });

  it('says "Required field" for a missing email and password', () => {
    expect(messages(LoginSchema.safeParse({ store: 'demo', email: '', password: '' }))).toEqual({
      email: MSG.required,
      password: MSG.required,
    });
    expect(MSG.required).toBe('Required field');
  });

  it('rejects an address that is not an email', () => {
    expect(messages(LoginSchema.safeParse({ ...login, email: 'not-an-email' }))).toEqual({ email: 'Must be a valid email' });
  });

  it('wants at least 8 characters of password', () => {
    expect(messages(LoginSchema.safeParse({ ...login, password: '1234567' }))).toEqual({ password: 'Must be at least 8 characters' });
    expect(LoginSchema.safeParse({ ...login, password: '12345678' }).success).toBe(true);
  });

  it('refuses a store id that cannot be one', () => {
    expect(messages(LoginSchema.safeParse({ ...login, store: '../etc' }))).toEqual({ store: MSG.unknownStore });
  });
});

describe('ChangePasswordRequestSchema', () => {
  it('needs the store and a valid email', () => {
    expect(ChangePasswordRequestSchema.parse({ store: 'demo', email: ' A@B.test' })).toEqual({ store: 'demo', email: 'a@b.test' });
    expect(messages(ChangePasswordRequestSchema.safeParse({ store: 'demo', email: '' }))).toEqual({ email: MSG.required });
  });
});

describe('ChangePasswordUpdateSchema', () => {
  const update = { store: 'demo', email: 'a@b.test', code: '12345678', password: 'new-password-1', confirmation: 'new-password-1' };

  it('accepts matching passwords', () => {
    expect(ChangePasswordUpdateSchema.safeParse(update).success).toBe(true);
  });

  it('says "Passwords don\'t match" under the confirmation', () => {
    expect(messages(ChangePasswordUpdateSchema.safeParse({ ...update, confirmation: 'new-password-2' }))).toEqual({
      confirmation: "Passwords don't match",
    });
  });

  it('requires the code, the password and its confirmation', () => {
    expect(messages(ChangePasswordUpdateSchema.safeParse({ ...update, code: ' ', password: '', confirmation: '' }))).toEqual({
      code: MSG.required,
      password: MSG.required,
      confirmation: MSG.required,
    });
  });
});

describe('SwitchVendorSchema', () => {
  it('takes a vendor name or * and refuses an empty one', () => {
    expect(SwitchVendorSchema.parse({ vendor: ' Vendor One ' })).toEqual({ vendor: 'Vendor One' });
    expect(SwitchVendorSchema.parse({ vendor: '*' })).toEqual({ vendor: '*' });
    expect(messages(SwitchVendorSchema.safeParse({ vendor: '' }))).toEqual({ vendor: MSG.required });
  });
});
