import type { MessagePattern } from '#web/components/form/message-text.ts';

/**
 * CommissionLinesSchema speaks English with amounts inside its sentences ("There should not be a
 * gap between $100 and $150"): these are translated with their amounts, under `messages` of the
 * commissions texts.
 */
export const COMMISSION_MESSAGES: readonly MessagePattern[] = [
  [/^There should not be a gap between (.+) and above$/, (m) => ['messages.gapAbove', { from: m[1] }]],
  [/^There should not be a gap between (.+) and (.+)$/, (m) => ['messages.gap', { from: m[1], to: m[2] }]],
  [/^There should not be an overlap between (.+) and above$/, (m) => ['messages.overlapAbove', { from: m[1] }]],
  [/^There should not be an overlap between (.+) and (.+)$/, (m) => ['messages.overlap', { from: m[1], to: m[2] }]],
  [/^should be greater than (.+)$/, (m) => ['messages.greaterThan', { min: m[1] }]],
  [/^should be less than (.+)$/, (m) => ['messages.lessThan', { max: m[1] }]],
  [/^Must be a number$/, () => ['messages.notANumber']],
  [/^At least one commission line must have no condition$/, () => ['messages.noUnconditionedLine']],
];
