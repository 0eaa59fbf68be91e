import { OkSchema } from '#shared/schemas/common';
import {
  DiscountAnswerSchema,
  DiscountIdParamsSchema,
  DiscountInputSchema,
  DiscountListAnswerSchema,
  DiscountReplaceSchema,
} from '#shared/schemas/discounts';
import type { AppContext } from '#server/context';
import { requireAuth } from '#server/http/policy';
import type { App } from '#server/http/types';
import { createDiscount, deleteDiscount, listDiscounts, updateDiscount } from './manage-discounts.ts';

const tags = ['discounts'];
const scopeNote = "an admin's: every discount of the marketplace; a vendor's: its own, on its own products; another's is a 404";

/** Discounts (create, list, delete; the spec shows no paths, these are ours). */
export function registerDiscountRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/discounts',
    {
      config: { policy: 'user', feature: 'discounts', readAhead: true },
      schema: {
        tags,
        summary: `Discounts, newest first, with status, usage and storefront sync state (${scopeNote})`,
        response: { 200: DiscountListAnswerSchema },
      },
    },
    async (request) => listDiscounts(ctx, requireAuth(request)),
  );

  app.post(
    '/api/discounts',
    {
      config: { policy: 'user', feature: 'discounts' },
      schema: {
        tags,
        summary:
          'Create a discount (method code or automatic, value, active days, limits, minimum purchase, scope); an admin may scope it to one vendor, a vendor always to its own products',
        body: DiscountInputSchema,
        response: { 200: DiscountAnswerSchema, 201: DiscountAnswerSchema },
      },
    },
    async (request, reply) => reply.status(201).send({ discount: await createDiscount(ctx, requireAuth(request), request.body) }),
  );

  app.put(
    '/api/discounts/:discountId',
    {
      config: { policy: 'user', feature: 'discounts' },
      schema: {
        tags,
        summary: `Change a discount (${scopeNote})`,
        params: DiscountIdParamsSchema,
        body: DiscountReplaceSchema,
        response: { 200: DiscountAnswerSchema },
      },
    },
    async (request) => ({ discount: await updateDiscount(ctx, requireAuth(request), request.params.discountId, request.body) }),
  );

  app.delete(
    '/api/discounts/:discountId',
    {
      config: { policy: 'user', feature: 'discounts' },
      schema: {
        tags,
        summary: `Delete a discount (${scopeNote}); the storefront platform's copy goes too`,
        params: DiscountIdParamsSchema,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await deleteDiscount(ctx, requireAuth(request), request.params.discountId);
      return { ok: true as const };
    },
  );
}
