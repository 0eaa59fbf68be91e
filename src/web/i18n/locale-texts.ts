import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '..');

/** The namespaces a screen keeps inside its area (`features/<area>/locales/<namespace>/`), each with its folder. */
export function screenNamespaces(): Map<string, string> {
  const found = new Map<string, string>();
  for (const area of readdirSync(path.join(web, 'features'))) {
    const locales = path.join(web, 'features', area, 'locales');
    if (!existsSync(locales)) continue;
    for (const entry of readdirSync(locales, { withFileTypes: true }))
      if (entry.isDirectory()) found.set(entry.name, path.join(locales, entry.name));
  }
  return found;
}

/** Where a namespace's `<language>.json` files are: common in i18n/, the others in their feature's (or screen's, or shared component's) folder. */
export function localeDir(namespace: string): string {
  if (namespace === 'common') return path.join(web, 'i18n/locales');
  const feature = path.join(web, 'features', namespace, 'locales');
  if (existsSync(feature)) return feature;
  return screenNamespaces().get(namespace) ?? path.join(web, 'components', namespace, 'locales');
}

export function flattenTexts(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce(
    (all, [key, child]) => ({ ...all, ...flattenTexts(child, prefix ? `${prefix}.${key}` : key) }),
    {} as Record<string, string>,
  );
}

/** A namespace's texts in one language, by dotted key, for tests. */
export const localeTexts = (namespace: string, language: string) =>
  flattenTexts(JSON.parse(readFileSync(path.join(localeDir(namespace), `${language}.json`), 'utf8')));
