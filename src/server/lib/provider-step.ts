/**
 * What a provider's error means for money it may have moved: `refused` (it answered that it did not
 * do it), `unknown` (no usable answer: it may have done it), or null (not a provider error: thrown).
 */
export type ProviderErrorMeaning = 'refused' | 'unknown' | null;

/**
 * One step that moves money or goods at a provider (a payout, a shipping label), after its intent
 * was recorded as pending in a transaction of its own. The step never runs inside a transaction:
 * the provider's latency would hold locks (and on PGlite, every other query) for its whole length.
 */
export interface ProviderStep<Answer, Outcome> {
  /** What the provider did under this intent earlier (a retry, a recovery), or null when it did nothing. */
  find?: () => Promise<Answer | null>;
  /** The provider call itself, with the intent's id as idempotency key where the provider has keys. */
  call: () => Promise<Answer>;
  /** Records what the provider did (a second transaction). */
  settle: (answer: Answer) => Promise<Outcome>;
  /** The provider did it but it cannot be recorded (the order was cancelled meanwhile): undo it there. */
  compensate?: (answer: Answer) => Promise<void>;
  /** The provider refused: nothing happened there; the intent is undone. */
  fail: (reason: string) => Promise<Outcome>;
  /** No usable answer: the intent stays pending and the recovery asks the provider later. */
  keepPending: (reason: string) => Promise<Outcome>;
  meaning: (error: unknown) => ProviderErrorMeaning;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs a provider step: asks first what the provider already did when `lookFirst` (a recovery, or a
 * provider without idempotency keys), else calls it; a refusal is only believed once a look-up
 * finds nothing (a refused retry may mean the first try went through); an unknown outcome, or a
 * look-up that fails, stays pending, never failed, so nothing is done twice. When recording the
 * provider's answer throws, the step is compensated at the provider and the error rethrown.
 */
export async function runProviderStep<Answer, Outcome>(
  step: ProviderStep<Answer, Outcome>,
  options: { lookFirst: boolean },
): Promise<Outcome> {
  const unknownOrThrow = (error: unknown) => {
    if (step.meaning(error) === null) throw error;
    return step.keepPending(reasonOf(error));
  };
  let answer: Answer;
  try {
    answer = (options.lookFirst && step.find ? await step.find() : null) ?? (await step.call());
  } catch (error) {
    const meaning = step.meaning(error);
    if (meaning === null) throw error;
    if (meaning === 'unknown') return step.keepPending(reasonOf(error));
    if (!step.find) return step.fail(reasonOf(error));
    let found: Answer | null;
    try {
      found = await step.find();
    } catch (lookup) {
      return unknownOrThrow(lookup);
    }
    if (!found) return step.fail(reasonOf(error));
    answer = found;
  }
  try {
    return await step.settle(answer);
  } catch (error) {
    if (step.compensate) await step.compensate(answer);
    throw error;
  }
}
