import { and, eq, isNull } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type ResolveExceptionBody } from '#shared/schemas/payments';
import type { AppContext } from '#server/context';
import { payoutExceptions } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import type { AuthContext } from '#server/http/policy';
import { answerDoubt } from './settle-payout.ts';

/**
 * POST payment/exceptions/{id}/resolve: an admin closes an exception with a note. A payout in doubt
 * needs the admin's answer from the provider's dashboard: paid (it stays paid) or not paid (its
 * entry is reversed and its orders are due again).
 */
export async function resolveException(ctx: AppContext, auth: AuthContext, id: string, body: ResolveExceptionBody) {
  const [found] = await ctx.db
    .select()
    .from(payoutExceptions)
    .where(and(eq(payoutExceptions.storeId, auth.storeId), eq(payoutExceptions.id, id)));
  if (!found) throw notFound(PAYMENT_MESSAGES.exceptionNotFound);
  if (found.resolvedAt) throw new AppError('conflict', PAYMENT_MESSAGES.exceptionResolved);
  if (found.kind === 'in_doubt') {
    if (!body.outcome)
      throw new AppError('bad_request', PAYMENT_MESSAGES.outcomeRequired, [{ path: 'outcome', message: PAYMENT_MESSAGES.outcomeRequired }]);
    if (found.payoutId) await answerDoubt(ctx, auth.storeId, found.payoutId, body.outcome, body.note);
  }
  const said = body.outcome === 'paid' ? 'Paid' : body.outcome === 'not_paid' ? 'Not paid' : '';
  const [resolved] = await ctx.db
    .update(payoutExceptions)
    .set({ resolvedAt: ctx.now(), resolvedBy: auth.userId, resolution: [said, body.note].filter(Boolean).join(': ') })
    .where(and(eq(payoutExceptions.storeId, auth.storeId), eq(payoutExceptions.id, id), isNull(payoutExceptions.resolvedAt)))
    .returning({ id: payoutExceptions.id });
  if (!resolved) throw new AppError('conflict', PAYMENT_MESSAGES.exceptionResolved);
  return { id };
}
