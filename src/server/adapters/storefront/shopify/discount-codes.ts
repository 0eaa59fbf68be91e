import { StorefrontSyncError, type StorefrontDiscountCode, type StorefrontDiscounts } from '../types.ts';
import type { AdminGraphqlClient } from './admin-graphql.ts';

export const DISCOUNT_CODE_CREATE_MUTATION = `mutation DiscountCodeCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {
    codeDiscountNode { id }
    userErrors { field message }
  }
}`;

export const DISCOUNT_CODE_DELETE_MUTATION = `mutation DiscountCodeDelete($id: ID!) {
  discountCodeDelete(id: $id) {
    deletedCodeDiscountId
    userErrors { field message }
  }
}`;

interface UserError {
  field?: string[] | null;
  message: string;
}
const describe = (errors: UserError[]) => errors.map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message)).join('; ');

/** DiscountCodeBasicInput: the platform's usage count lags, so our checkout never relies on it. */
export function toDiscountCodeBasicInput(d: StorefrontDiscountCode) {
  return {
    title: d.title,
    code: d.code,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    customerGets: {
      value: 'percentage' in d.value ? { percentage: d.value.percentage } : { discountAmount: { amount: d.value.amount, appliesOnEachItem: false } },
      items: d.productIds ? { products: { productsToAdd: d.productIds } } : { all: true },
    },
    minimumRequirement: !d.minimum
      ? null
      : 'subtotal' in d.minimum
        ? { subtotal: { greaterThanOrEqualToSubtotal: d.minimum.subtotal } }
        : { quantity: { greaterThanOrEqualToQuantity: d.minimum.quantity } },
    usageLimit: d.usageLimit,
    appliesOncePerCustomer: d.appliesOncePerCustomer,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
  };
}

/** The platform's Admin GraphQL API as where codes are redeemed: a refusal (userErrors) is not retried. */
export function createShopifyDiscounts(client: AdminGraphqlClient): StorefrontDiscounts {
  return {
    kind: 'shopify',
    async publishDiscountCode(discount) {
      const data = await client.request<{ discountCodeBasicCreate: { codeDiscountNode: { id: string } | null; userErrors: UserError[] } }>(DISCOUNT_CODE_CREATE_MUTATION, {
        basicCodeDiscount: toDiscountCodeBasicInput(discount),
      });
      const { codeDiscountNode, userErrors } = data.discountCodeBasicCreate;
      if (userErrors.length || !codeDiscountNode) throw new StorefrontSyncError(`The platform refused the discount: ${describe(userErrors)}`, false);
      return codeDiscountNode.id;
    },
    async removeDiscountCode(platformDiscountId) {
      const data = await client.request<{ discountCodeDelete: { deletedCodeDiscountId: string | null; userErrors: UserError[] } }>(DISCOUNT_CODE_DELETE_MUTATION, { id: platformDiscountId });
      const { userErrors } = data.discountCodeDelete;
      if (userErrors.length && !userErrors.some((e) => /does not exist|not found/i.test(e.message))) {
        throw new StorefrontSyncError(`The platform refused to delete the discount: ${describe(userErrors)}`, false);
      }
    },
  };
}
