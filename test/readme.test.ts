import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const lines = readme.split('\n');

describe('the README', () => {
  it('says what the product is in its users’ words, then how to run it, on its first screen', () => {
    const runIt = lines.indexOf('## Run it');
    expect(runIt, 'a "Run it" heading').toBeGreaterThan(0);
    expect(runIt, '"Run it" within the first screen (20 lines)').toBeLessThan(20);
    const before = lines.slice(0, runIt).join(' ');
    for (const term of ['ledger', 'webhook', 'PGlite', 'financial_status', 'OAuth', 'API', 'Stripe', 'append-only'])
      expect(before, `"${term}" before "Run it"`).not.toContain(term);
  });

  it('stays short: at most 150 lines', () => {
    expect(lines.length).toBeLessThanOrEqual(150);
  });
});
