import { useTranslation } from 'react-i18next';
import { useMessageText } from '../settings/form-kit/use-message-text.ts';

/** The schema's messages that carry amounts, and the key of their translation. */
const PATTERNS: [RegExp, (m: RegExpExecArray) => [string, Record<string, string>]][] = [
  [/^There should not be a gap between (.+) and above$/, (m) => ['messages.gapAbove', { from: m[1] }]],
  [/^There should not be a gap between (.+) and (.+)$/, (m) => ['messages.gap', { from: m[1], to: m[2] }]],
  [/^There should not be an overlap between (.+) and above$/, (m) => ['messages.overlapAbove', { from: m[1] }]],
  [/^There should not be an overlap between (.+) and (.+)$/, (m) => ['messages.overlap', { from: m[1], to: m[2] }]],
  [/^should be greater than (.+)$/, (m) => ['messages.greaterThan', { min: m[1] }]],
  [/^should be less than (.+)$/, (m) => ['messages.lessThan', { max: m[1] }]],
  [/^Must be a number$/, () => ['messages.notANumber', {}]],
  [/^At least one commission line must have no condition$/, () => ['messages.noUnconditionedLine', {}]],
];

/**
 * CommissionLinesSchema speaks English with amounts inside its sentences ("There should not be a
 * gap between $100 and $150"): those are translated with their amounts; the others as the
 * settings forms translate theirs.
 */
export function useCommissionMessage() {
  const { t } = useTranslation('commissions');
  const text = useMessageText();
  return (message: string | undefined): string => {
    if (!message) return '';
    for (const [pattern, toKey] of PATTERNS) {
      const match = pattern.exec(message);
      if (match) {
        const [key, values] = toKey(match);
        return t(key, values);
      }
    }
    return text(message);
  };
}
