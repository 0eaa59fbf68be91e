import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  ApplicationStatusSchema,
  RenameVendorSchema,
  VendorIdentitySchema,
  VendorNameSchema,
  VendorOverviewSchema,
  VendorsAnswerSchema,
  VendorsQuerySchema,
} from '#shared/schemas/vendors';
import { SwitchVendorSchema, TokenAnswerSchema } from '#shared/schemas/auth';
import { OkSchema } from '#shared/schemas/common';
import type { AppContext } from '#server/context';
import { stores, users } from '#server/db/schema/index';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { frameMode, setSessionCookies } from '../auth/index.ts';
import { actAsVendor } from './act-as-vendor.ts';
import { decideApplication } from './decide-application.ts';
import { getVendorOverview } from './get-vendor-overview.ts';
import { listVendors } from './list-vendors.ts';
import { createVendorAccount, deleteVendor, renameVendor } from './manage-vendors.ts';

const ok = { ok: true as const };
const tags = ['vendors'];

export function registerVendorRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/vendors',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Vendors, applications and vendors without an account',
        querystring: VendorsQuerySchema,
        response: { 200: VendorsAnswerSchema },
      },
    },
    async (request) => listVendors(ctx, requireAuth(request).storeId, request.query),
  );

  app.get(
    '/api/vendors/:vendorId/overview',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: "One vendor's accounts, application and latest conversations (the admin's vendor page)",
        params: z.object({ vendorId: z.string().max(100) }),
        response: { 200: VendorOverviewSchema },
      },
    },
    async (request) => getVendorOverview(ctx.db, requireAuth(request).storeId, request.params.vendorId),
  );

  app.put(
    '/api/vendors/application/:id/status',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Approve (creates the vendor, its account and sends the invite) or reject an application',
        params: z.object({ id: z.uuid({ error: 'Application not found' }) }),
        body: ApplicationStatusSchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await decideApplication(ctx, requireAuth(request), request.params.id, request.body.status);
      return ok;
    },
  );

  app.put(
    '/api/vendors/rename',
    { config: { policy: 'admin' }, schema: { tags, summary: 'Rename a vendor', body: RenameVendorSchema, response: { 200: OkSchema } } },
    async (request) => {
      await renameVendor(ctx, requireAuth(request).storeId, request.body);
      return ok;
    },
  );

  app.post(
    '/api/vendors/:vendor',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Create the account of a vendor that has none and send the invite',
        params: z.object({ vendor: VendorNameSchema }),
        body: VendorIdentitySchema,
        response: { 201: OkSchema },
      },
    },
    async (request, reply) => {
      await createVendorAccount(ctx, requireAuth(request).storeId, request.params.vendor, request.body.identity);
      return reply.status(201).send(ok);
    },
  );

  app.delete(
    '/api/vendors/:vendor',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'Delete a vendor and its accounts',
        params: z.object({ vendor: VendorNameSchema }),
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await deleteVendor(ctx, requireAuth(request).storeId, request.params.vendor);
      return ok;
    },
  );

  app.get(
    '/api/stores',
    {
      config: { policy: 'admin' },
      schema: {
        tags,
        summary: 'The stores this admin e-mail administers',
        response: { 200: z.object({ stores: z.array(z.object({ id: z.string(), shopName: z.string(), current: z.boolean() })) }) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await ctx.db
        .select({ id: stores.id, shopName: stores.shopName })
        .from(users)
        .innerJoin(stores, eq(stores.id, users.storeId))
        .where(and(eq(users.email, auth.email), eq(users.isAdmin, true), isNull(users.disabledAt)))
        .orderBy(asc(stores.shopName));
      return { stores: rows.map((s) => ({ ...s, current: s.id === auth.storeId })) };
    },
  );

  app.post(
    '/api/auth/switch-vendor',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['auth'],
        summary: 'Admin: act as one vendor, or "*" for the marketplace view',
        body: SwitchVendorSchema,
        response: { 200: TokenAnswerSchema },
      },
    },
    async (request, reply) => {
      const access = await actAsVendor(ctx, requireAuth(request), request.body.vendor);
      setSessionCookies(request, reply, frameMode(request) ?? 'standalone', access);
      return access;
    },
  );
}
