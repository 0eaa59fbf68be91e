import type { MessagePattern } from '#web/components/form/message-text.ts';

/** Messages with a value inside; the discounts schema's other messages are under `messages` of the discounts texts. */
export const DISCOUNT_MESSAGE_PATTERNS: readonly MessagePattern[] = [
  [/^should be (greater|less) than (.+)$/, (m) => [m[1] === 'greater' ? 'bounds.greaterThan' : 'bounds.lessThan', { n: m[2] }]],
  [/^Must be at most (\d+) characters$/, (m) => ['bounds.maxLength', { n: m[1] }]],
];
