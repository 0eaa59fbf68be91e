import type { MessagePattern } from '#web/components/form/message-text.ts';

/** "should be greater than 0" keeps its number; the delivery schema's other messages are under `messages` of the delivery texts. */
export const DELIVERY_MESSAGES: readonly MessagePattern[] = [
  [/^should be (greater|less) than (.+)$/, (m) => [m[1] === 'greater' ? 'bounds.greaterThan' : 'bounds.lessThan', { n: m[2] }]],
];
