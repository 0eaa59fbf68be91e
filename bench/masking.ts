/**
 * The contact-detail mask measured on its labelled corpus
 * (src/server/modules/conversations/masking-corpus/*.jsonl): recall (leaks found) and the
 * false-positive rate (ordinary messages changed), overall and per language, and the messages it
 * got wrong, with the goals (recall ≥ 95 %, false positives ≤ 2 %) as PASS or MISS. The unit test
 * (mask-contact-details.test.ts) is the gate that fails on a miss; this prints the figures.
 *
 *   npm run bench:masking [-- --quiet]
 */
import { performance } from 'node:perf_hooks';
import { GOALS, readCorpus, scoreByLanguage, type Score } from '../src/server/modules/conversations/masking-corpus/score.ts';
import { loadAverage } from './support.ts';

const quiet = process.argv.includes('--quiet');
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const row = (name: string, s: Score) =>
  `${name.padEnd(8)} ${String(s.messages).padStart(8)} ${String(s.leaks).padStart(6)} ${pct(s.recall).padStart(8)} ${pct(s.falsePositiveRate).padStart(8)}`;

const corpus = readCorpus();
const started = performance.now();
const { overall, languages } = scoreByLanguage(corpus);
const ms = performance.now() - started;

console.log(`${'language'.padEnd(8)} ${'messages'.padStart(8)} ${'leaks'.padStart(6)} ${'recall'.padStart(8)} ${'false +'.padStart(8)}`);
for (const [lang, s] of Object.entries(languages)) console.log(row(lang, s));
console.log(row('overall', overall));
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
console.log(`${verdict(overall.recall >= GOALS.recall)} recall ${pct(overall.recall)} (goal ≥ ${pct(GOALS.recall)})`);
console.log(
  `${verdict(overall.falsePositiveRate <= GOALS.falsePositiveRate)} false positives ${pct(overall.falsePositiveRate)} (goal ≤ ${pct(GOALS.falsePositiveRate)})`,
);
console.log(
  `${corpus.length} messages masked in ${ms.toFixed(0)} ms (${(ms / corpus.length).toFixed(2)} ms a message, first run), ${loadAverage()}`,
);
if (!quiet) {
  for (const text of overall.missed) console.log(`missed:  ${text}`);
  for (const text of overall.flagged) console.log(`flagged: ${text}`);
}
