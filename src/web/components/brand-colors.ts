const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The indigo shades the screens use besides the two a store sets, mixed from those two: light tints
 * of the main colour (highlights, hover backgrounds), the step between main and dark, and darker
 * shades of the dark one. Without them a new main colour would half apply (teal buttons and sidebar,
 * indigo highlights).
 */
const MAIN = 'var(--color-indigo-600)';
const DARK = 'var(--color-indigo-800)';
const DERIVED_INDIGO: [string, string][] = [
  ['--color-indigo-50', `color-mix(in oklab, ${MAIN} 8%, white)`],
  ['--color-indigo-100', `color-mix(in oklab, ${MAIN} 16%, white)`],
  ['--color-indigo-200', `color-mix(in oklab, ${MAIN} 30%, white)`],
  ['--color-indigo-300', `color-mix(in oklab, ${MAIN} 48%, white)`],
  ['--color-indigo-400', `color-mix(in oklab, ${MAIN} 70%, white)`],
  ['--color-indigo-500', `color-mix(in oklab, ${MAIN} 86%, white)`],
  ['--color-indigo-700', `color-mix(in oklab, ${MAIN}, ${DARK})`],
  ['--color-indigo-900', `color-mix(in oklab, ${DARK} 80%, black)`],
  ['--color-indigo-950', `color-mix(in oklab, ${DARK} 60%, black)`],
];

/**
 * The store's colours as Tailwind colour variables (indigo600 → --color-indigo-600), and the other
 * indigo shades mixed from its main colour, so every indigo in the UI becomes the store's. Values
 * that are not hex colours are skipped.
 */
export function brandColorVariables(colors: Record<string, string> | undefined): [string, string][] {
  const set = Object.entries(colors ?? {})
    .filter(([, value]) => HEX.test(value))
    .map(([name, value]) => {
      const match = /^([a-z]+)(\d+)$/.exec(name);
      return match ? ([`--color-${match[1]}-${match[2]}`, value] as [string, string]) : null;
    })
    .filter((entry): entry is [string, string] => entry !== null);
  return set.some(([variable]) => variable === '--color-indigo-600') ? [...set, ...DERIVED_INDIGO] : set;
}

/** Applies the colours and the browser theme colour from the main colour (indigo600). */
export function applyBrandColors(colors: Record<string, string> | undefined) {
  for (const [variable, value] of brandColorVariables(colors)) document.documentElement.style.setProperty(variable, value);
  const main = colors?.indigo600;
  if (main && HEX.test(main)) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', main);
}
