import { z } from 'zod';

/** A new marketplace's first steps, in the order the home screen lists them. */
export const FIRST_STEPS = ['currency', 'delivery', 'payments', 'mail', 'registration', 'vendor'] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];

/** GET app/first-steps (admin): each step and whether the store's real state shows it done. */
export const FirstStepsAnswerSchema = z.object({
  steps: z.array(z.object({ step: z.enum(FIRST_STEPS), done: z.boolean() })),
});
export type FirstStepsAnswer = z.infer<typeof FirstStepsAnswerSchema>;
