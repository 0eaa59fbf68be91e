import { and, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import { currencyDecimals, formatMinorUnits } from '#shared/money';
import type { AppContext } from '#server/context';
import type { Db } from '#server/db/client';
import { payoutExceptions, vendors, type PayoutExceptionKind, type PaymentProvider } from '#server/db/schema/index';
import type { AuthContext } from '#server/http/policy';

export interface ExceptionInput {
  storeId: string;
  provider: PaymentProvider;
  kind: PayoutExceptionKind;
  reason: string;
  payoutId?: string | null;
  vendorId?: string | null;
  providerRef?: string | null;
  amount?: number | null;
  currency?: string | null;
  /** What it is about: one open exception per key, so an event delivered twice or a daily check that finds it again lists it once. */
  key: string;
}

/** Lists a payout's problem for the admins (once while it is open). */
export async function raiseException(db: Db, at: Date, input: ExceptionInput) {
  await db
    .insert(payoutExceptions)
    .values({ ...input, reason: input.reason.slice(0, 1000), createdAt: at })
    .onConflictDoNothing();
}

/** An open "in doubt" exception holds its payout: the recovery stops asking, an admin answers. */
export const openDoubt = (payoutId: AnyColumn) =>
  sql`exists (select 1 from ${payoutExceptions} e where e.payout_id = ${payoutId} and e.kind = 'in_doubt' and e.resolved_at is null)`;

/** GET payment/exceptions: the open exceptions first, newest first, then the last resolved ones. */
export async function listExceptions(ctx: AppContext, auth: AuthContext) {
  const rows = await ctx.db
    .select({ exception: payoutExceptions, vendor: vendors.name })
    .from(payoutExceptions)
    .leftJoin(vendors, and(eq(vendors.storeId, payoutExceptions.storeId), eq(vendors.id, payoutExceptions.vendorId)))
    .where(eq(payoutExceptions.storeId, auth.storeId))
    .orderBy(sql`${payoutExceptions.resolvedAt} is null desc`, desc(payoutExceptions.createdAt))
    .limit(200);
  return {
    exceptions: rows.map(({ exception: e, vendor }) => ({
      id: e.id,
      kind: e.kind,
      provider: e.provider,
      reason: e.reason,
      vendor: vendor ?? null,
      payoutId: e.payoutId,
      providerRef: e.providerRef,
      amount: e.amount === null || !e.currency ? null : formatMinorUnits(e.amount, currencyDecimals(e.currency)),
      currency: e.currency,
      createdAt: e.createdAt.toISOString(),
      resolvedAt: e.resolvedAt?.toISOString() ?? null,
      resolution: e.resolution,
    })),
  };
}
