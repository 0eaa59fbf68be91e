import { describe, expect, it } from 'vitest';
import { brandColorVariables } from './brand-colors.ts';
import { formatPageTitle } from './page-title.ts';

describe('brandColorVariables', () => {
  it('maps the store colours onto Tailwind colour variables, and mixes every other indigo shade from them', () => {
    const variables = new Map(brandColorVariables({ indigo600: '#0f766e', indigo800: '#115e59', orange800: '#9a3412' }));
    expect(variables.get('--color-indigo-600')).toBe('#0f766e');
    expect(variables.get('--color-indigo-800')).toBe('#115e59');
    expect(variables.get('--color-orange-800')).toBe('#9a3412');
    // A new main colour drives the highlights too: no default indigo is left beside it.
    for (const shade of [50, 100, 200, 300, 400, 500, 700, 900, 950])
      expect(variables.get(`--color-indigo-${shade}`)).toMatch(/^color-mix\(in oklab, var\(--color-indigo-[68]00\)/);
    expect(brandColorVariables({ orange800: '#9a3412' })).toEqual([['--color-orange-800', '#9a3412']]);
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
