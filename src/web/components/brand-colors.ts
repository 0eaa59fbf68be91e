const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The store's colours as Tailwind colour variables (indigo600 → --color-indigo-600), so every
 * indigo in the UI becomes the store's main colour. Values that are not hex colours are skipped.
 */
export function brandColorVariables(colors: Record<string, string> | undefined): [string, string][] {
  return Object.entries(colors ?? {})
    .filter(([, value]) => HEX.test(value))
    .map(([name, value]) => {
      const match = /^([a-z]+)(\d+)$/.exec(name);
      return match ? ([`--color-${match[1]}-${match[2]}`, value] as [string, string]) : null;
    })
    .filter((entry): entry is [string, string] => entry !== null);
}

/** Applies the colours and the browser theme colour from the main colour (indigo600). */
export function applyBrandColors(colors: Record<string, string> | undefined) {
  for (const [variable, value] of brandColorVariables(colors)) document.documentElement.style.setProperty(variable, value);
  const main = colors?.indigo600;
  if (main && HEX.test(main)) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', main);
}
