import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webRoot = import.meta.dirname;
const sharedRoot = path.resolve(webRoot, '../shared');

/** A static (not type-only, not dynamic) import's file, or the package it names. */
function resolve(from: string, spec: string): string {
  if (spec.startsWith('#shared/')) return path.join(sharedRoot, `${spec.slice('#shared/'.length)}.ts`);
  if (spec.startsWith('#web/')) return path.join(webRoot, spec.slice('#web/'.length));
  if (!spec.startsWith('.')) return `package:${spec.split('/')[0]}`;
  const file = path.resolve(path.dirname(from), spec);
  return existsSync(file) ? file : `${file}.ts`;
}

/** Every file and package the entry loads before any lazy chunk: what the sign-in page costs. */
function firstLoad(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.startsWith('package:') || !/\.tsx?$/.test(file)) return;
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/^import (?!type )[^;]*?from '([^']+)'/gms)) visit(resolve(file, spec));
    for (const [, spec] of source.matchAll(/^import '([^']+)'/gm)) visit(resolve(file, spec));
  };
  visit(entry);
  return seen;
}

describe('the first load (the sign-in page)', () => {
  const loaded = firstLoad(path.join(webRoot, 'main.tsx'));

  it('reaches the sign-in screen through static imports', () => {
    expect(loaded).toContain(path.join(webRoot, 'features/login/sign-in-page.tsx'));
  });

  it('does not carry zod or the form library: they come with the screens that validate', () => {
    expect([...loaded].filter((f) => f === 'package:zod' || f === 'package:react-hook-form')).toEqual([]);
  });

  it('does not carry the rich-text editor, nor does a screen with a rich-text field until it shows one', () => {
    expect([...loaded].filter((f) => f === 'package:@tiptap')).toEqual([]);
    const field = firstLoad(path.join(webRoot, 'components/form/rich-text-input.tsx'));
    expect([...field].filter((f) => f === 'package:@tiptap' || f.endsWith('rich-text-editor.tsx'))).toEqual([]);
  });
});
