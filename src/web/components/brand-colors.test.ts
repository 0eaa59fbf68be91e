import { describe, expect, it } from 'vitest';
import { brandColorVariables } from './brand-colors.ts';
import { formatPageTitle } from './page-title.ts';

describe('brandColorVariables', () => {
  it('maps the store colours onto Tailwind colour variables', () => {
    expect(brandColorVariables({ indigo600: '#0f766e', indigo800: '#115e59', orange800: '#9a3412' })).toEqual([
      ['--color-indigo-600', '#0f766e'],
      ['--color-indigo-800', '#115e59'],
      ['--color-orange-800', '#9a3412'],
    ]);
  });

  it('skips values that are not hex colours and names it cannot map', () => {
    expect(brandColorVariables({ indigo600: 'red; background: url(x)', main: '#000000' })).toEqual([]);
    expect(brandColorVariables(undefined)).toEqual([]);
  });
});

describe('formatPageTitle', () => {
  it('is the shop name, a dot, then the page', () => {
    expect(formatPageTitle('Demo Marketplace', 'Sign In')).toBe('Demo Marketplace · Sign In');
  });

  it('is the page alone until the shop name is known', () => {
    expect(formatPageTitle(undefined, 'Sign In')).toBe('Sign In');
  });
});
