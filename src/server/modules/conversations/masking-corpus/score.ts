import { readdirSync, readFileSync } from 'node:fs';
import { hasContactDetails } from '../mask-contact-details.ts';

/** A labelled message: `leak` when it carries a contact detail (in any spelling), else false. */
export interface CorpusMessage {
  text: string;
  lang: string;
  leak: boolean;
}

export interface Score {
  messages: number;
  leaks: number;
  /** Share of the leaks the mask finds. */
  recall: number;
  /** Share of the ordinary messages the mask changes. */
  falsePositiveRate: number;
  missed: string[];
  flagged: string[];
}

/** Recall of at least 95 % with at most 2 % of ordinary messages touched: the mask's quality gate. */
export const GOALS = { recall: 0.95, falsePositiveRate: 0.02 } as const;

/** Every message of the corpus (one JSON object a line, one file a language). */
export function readCorpus(): CorpusMessage[] {
  const dir = new URL('./', import.meta.url);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) =>
      readFileSync(new URL(name, dir), 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as CorpusMessage),
    );
}

export function score(messages: CorpusMessage[]): Score {
  const leaks = messages.filter((m) => m.leak);
  const clean = messages.filter((m) => !m.leak);
  const missed = leaks.filter((m) => !hasContactDetails(m.text)).map((m) => m.text);
  const flagged = clean.filter((m) => hasContactDetails(m.text)).map((m) => m.text);
  return {
    messages: messages.length,
    leaks: leaks.length,
    recall: leaks.length ? 1 - missed.length / leaks.length : 1,
    falsePositiveRate: clean.length ? flagged.length / clean.length : 0,
    missed,
    flagged,
  };
}

/** The score over the whole corpus and per language. */
export function scoreByLanguage(messages: CorpusMessage[]): { overall: Score; languages: Record<string, Score> } {
  const languages = [...new Set(messages.map((m) => m.lang))].sort();
  return {
    overall: score(messages),
    languages: Object.fromEntries(languages.map((lang) => [lang, score(messages.filter((m) => m.lang === lang))])),
  };
}
