import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const modules = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Which modules each module's code imports (relative paths and the #server alias) (tests and test kits aside: they may use any module to set a scene). */
function moduleGraph(): Record<string, Set<string>> {
  const graph: Record<string, Set<string>> = {};
  for (const mod of modules) {
    graph[mod] = new Set();
    for (const file of readdirSync(path.join(root, mod), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || /\.test\.ts$|test-kit\.ts$/.test(file)) continue;
      const dir = path.dirname(path.join(root, mod, file));
      for (const [, spec] of readFileSync(path.join(root, mod, file), 'utf8').matchAll(/from '((?:\.|#server\/)[^']+)'/g)) {
        const resolved = spec.startsWith('#server/') ? path.join(root, '..', spec.slice('#server/'.length)) : path.resolve(dir, spec);
        const target = path.relative(root, resolved).split(path.sep)[0];
        if (target !== mod && modules.includes(target)) graph[mod].add(target);
      }
    }
  }
  return graph;
}

/** The cycles of a graph, each once, as "a → b → a". */
function cyclesOf(graph: Record<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of graph[at] ?? []) {
      if (next === start) {
        // Named from its smallest module, so each cycle is reported once.
        const ring = [...trail];
        const first = ring.indexOf([...ring].sort()[0]);
        found.add([...ring.slice(first), ...ring.slice(0, first), ring[first]].join(' → '));
      } else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const mod of Object.keys(graph)) walk(mod, mod, [mod]);
  return [...found].sort();
}

describe('the server modules', () => {
  it('import one another one way: no module cycles (import/no-cycle lints the files)', () => {
    expect(cyclesOf({ a: new Set(['b']), b: new Set(['c']), c: new Set(['a']) })).toEqual(['a → b → c → a']);
    expect(cyclesOf(moduleGraph())).toEqual([]);
  });
});
