import type { Settings } from '#shared/schemas/settings';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** The settings colours and the custom properties they become (the web app's Tailwind names). */
const PROPERTIES = [
  ['indigo600', '--color-indigo-600'],
  ['indigo800', '--color-indigo-800'],
  ['orange800', '--color-orange-800'],
  ['green800', '--color-green-800'],
] as const satisfies ReadonlyArray<readonly [keyof Settings['colors'], string]>;

const FALLBACK: Settings['colors'] = { indigo600: '#4f46e5', indigo800: '#3730a3', orange800: '#9a3412', green800: '#166534' };

/**
 * A storefront stylesheet with the store's colours. Only validated #rrggbb values are written
 * (anything else falls back to the default), so a stored setting can never close the rule and
 * inject CSS. Helper classes carry an `mp-` prefix so they never collide with the theme's own.
 */
export function renderStoreStyles(colors: Settings['colors']): string {
  const value = (key: keyof Settings['colors']) => (HEX_COLOR.test(colors[key] ?? '') ? colors[key] : FALLBACK[key]).toLowerCase();
  const properties = PROPERTIES.map(([key, name]) => `  ${name}: ${value(key)};`).join('\n');
  return `:root {
${properties}
  --mp-color-primary: var(--color-indigo-600);
  --mp-color-primary-dark: var(--color-indigo-800);
  --mp-color-warning: var(--color-orange-800);
  --mp-color-success: var(--color-green-800);
}
.mp-bg-primary { background-color: var(--mp-color-primary); color: #fff; }
.mp-bg-primary:hover, .mp-bg-primary:focus-visible { background-color: var(--mp-color-primary-dark); }
.mp-text-primary { color: var(--mp-color-primary); }
.mp-border-primary { border-color: var(--mp-color-primary); }
.mp-text-warning { color: var(--mp-color-warning); }
.mp-text-success { color: var(--mp-color-success); }
`;
}
