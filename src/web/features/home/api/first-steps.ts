import useSWR from 'swr';
import { FirstStepsAnswerSchema } from '#shared/schemas/first-steps';
import { endpoint } from '#web/api/endpoint.ts';

const getFirstSteps = endpoint({ path: 'app/first-steps', answer: FirstStepsAnswerSchema });

/** GET app/first-steps (admins): asked again on focus, so a step done in another tab ticks itself. */
export const useFirstSteps = (isAdmin: boolean) =>
  useSWR(isAdmin ? 'app/first-steps' : null, () => getFirstSteps(), { revalidateOnFocus: true });
