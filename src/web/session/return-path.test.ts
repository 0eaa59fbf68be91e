import { describe, expect, it } from 'vitest';
import { returnPathOf, signInPathFor } from './return-path.ts';

describe('signInPathFor', () => {
  it('keeps the address asked for, without the app base', () => {
    expect(signInPathFor(new URL('http://x/app/orders/123'))).toBe('/login?next=%2Forders%2F123');
    expect(signInPathFor(new URL('http://x/app/products?status=DRAFT'))).toBe('/login?next=%2Fproducts%3Fstatus%3DDRAFT');
  });

  it('keeps the store and says nothing for the home screen', () => {
    expect(signInPathFor(new URL('http://x/app'))).toBe('/login');
    expect(signInPathFor(new URL('http://x/app/?store=demo'))).toBe('/login?store=demo');
    expect(signInPathFor(new URL('http://x/app/orders/9?store=demo'))).toBe('/login?store=demo&next=%2Forders%2F9');
  });
});

describe('returnPathOf', () => {
  it('returns to a path of this app', () => {
    expect(returnPathOf('?next=%2Forders%2F123')).toBe('/orders/123');
    expect(returnPathOf('?store=demo&next=/products?status=DRAFT')).toBe('/products?status=DRAFT');
  });

  it('never leaves the app: other sites, protocol-relative, backslashes and the sign-in area go home', () => {
    for (const next of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      '\\\\evil.test',
      'javascript:alert(1)',
      '/ /evil',
      '/login',
      '/login/register',
      'orders',
    ]) {
      expect(returnPathOf(`?next=${encodeURIComponent(next)}`)).toBe('/');
    }
    expect(returnPathOf('')).toBe('/');
  });
});
