import { and, asc, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { VendorsAnswer } from '#shared/schemas/vendors';
import type { AppContext } from '#server/context';
import { users, vendorApplications, vendors } from '#server/db/schema/index';
import { summarizeVendors } from './vendor-accounts.ts';

/** The answer is one screen, not an export: bounded, searched on the server. */
export const VENDORS_LIMIT = 1000;
export const APPLICATIONS_LIMIT = 500;

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listVendors(
  ctx: AppContext,
  storeId: string,
  query: { q?: string; applicationStatus: 'pending' | 'approved' | 'rejected' | 'all' },
): Promise<VendorsAnswer> {
  const like = query.q ? `%${escapeLike(query.q)}%` : null;
  const vendorFilter: SQL[] = [eq(vendors.storeId, storeId)];
  if (like) vendorFilter.push(ilike(vendors.name, like));
  const vendorRows = await ctx.db
    .select()
    .from(vendors)
    .where(and(...vendorFilter))
    .orderBy(asc(vendors.name))
    .limit(VENDORS_LIMIT);

  const applicationFilter: SQL[] = [eq(vendorApplications.storeId, storeId)];
  // An application reaches the admins once its e-mail address is confirmed.
  applicationFilter.push(
    query.applicationStatus === 'all'
      ? ne(vendorApplications.status, 'unconfirmed')
      : eq(vendorApplications.status, query.applicationStatus),
  );
  if (like) applicationFilter.push(sql`(${vendorApplications.vendorName} ilike ${like} or ${vendorApplications.email} ilike ${like})`);
  const applications = await ctx.db
    .select({ application: vendorApplications, decidedBy: users.email })
    .from(vendorApplications)
    .leftJoin(users, eq(users.id, vendorApplications.decidedBy))
    .where(and(...applicationFilter))
    .orderBy(desc(vendorApplications.createdAt))
    .limit(APPLICATIONS_LIMIT);

  const vendorsOut = await summarizeVendors(ctx.db, storeId, vendorRows);
  return {
    vendors: vendorsOut,
    vendorsWithoutAccount: vendorsOut.filter((v) => v.accounts.length === 0).map((v) => v.name),
    applications: applications.map(({ application: a, decidedBy }) => ({
      id: a.id,
      email: a.email,
      vendorName: a.vendorName,
      fields: a.fields,
      status: a.status as Exclude<typeof a.status, 'unconfirmed'>,
      createdAt: a.createdAt.toISOString(),
      decidedAt: a.decidedAt?.toISOString() ?? null,
      decidedBy: decidedBy ?? null,
    })),
  };
}
