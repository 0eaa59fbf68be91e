import { StorefrontSyncError, type StorefrontAutomaticDiscount, type StorefrontDiscountCode, type StorefrontDiscounts } from '../types.ts';
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

export const DISCOUNT_AUTOMATIC_CREATE_MUTATION = `mutation DiscountAutomaticCreate($automaticBasicDiscount: DiscountAutomaticBasicInput!) {
  discountAutomaticBasicCreate(automaticBasicDiscount: $automaticBasicDiscount) {
    automaticDiscountNode { id }
    userErrors { field message }
  }
}`;

export const DISCOUNT_AUTOMATIC_UPDATE_MUTATION = `mutation DiscountAutomaticUpdate($id: ID!, $automaticBasicDiscount: DiscountAutomaticBasicInput!) {
  discountAutomaticBasicUpdate(id: $id, automaticBasicDiscount: $automaticBasicDiscount) {
    automaticDiscountNode { id }
    userErrors { field message }
  }
}`;

export const DISCOUNT_AUTOMATIC_DELETE_MUTATION = `mutation DiscountAutomaticDelete($id: ID!) {
  discountAutomaticDelete(id: $id) {
    deletedAutomaticDiscountId
    userErrors { field message }
  }
}`;

/** The platform's ids say which kind a discount is: automatic ones are DiscountAutomaticNode. */
export const isAutomaticId = (platformDiscountId: string) => platformDiscountId.startsWith('gid://shopify/DiscountAutomaticNode/');

interface UserError {
  field?: string[] | null;
  message: string;
}
const describe = (errors: UserError[]) =>
  errors.map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message)).join('; ');

/**
 * DiscountAutomaticBasicInput: what a code and an automatic discount share. One discount an order,
 * as our checkout applies them; free shipping may still combine.
 */
export function toDiscountAutomaticBasicInput(d: StorefrontAutomaticDiscount) {
  return {
    title: d.title,
    startsAt: d.startsAt,
    endsAt: d.endsAt,
    customerGets: {
      value:
        'percentage' in d.value
          ? { percentage: d.value.percentage }
          : { discountAmount: { amount: d.value.amount, appliesOnEachItem: false } },
      items: d.productIds ? { products: { productsToAdd: d.productIds } } : { all: true },
    },
    minimumRequirement: !d.minimum
      ? null
      : 'subtotal' in d.minimum
        ? { subtotal: { greaterThanOrEqualToSubtotal: d.minimum.subtotal } }
        : { quantity: { greaterThanOrEqualToQuantity: d.minimum.quantity } },
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
  };
}

/** DiscountCodeBasicInput: the platform's usage count lags, so our checkout never relies on it. */
export function toDiscountCodeBasicInput(d: StorefrontDiscountCode) {
  return { ...toDiscountAutomaticBasicInput(d), code: d.code, usageLimit: d.usageLimit, appliesOncePerCustomer: d.appliesOncePerCustomer };
}

type NodeAnswer = { automaticDiscountNode: { id: string } | null; userErrors: UserError[] };
const isGone = (errors: UserError[]) => errors.some((e) => /does not exist|not found/i.test(e.message));

/** The platform's Admin GraphQL API as where discounts apply: a refusal (userErrors) is not retried. */
export function createShopifyDiscounts(client: AdminGraphqlClient): StorefrontDiscounts {
  const refused = (userErrors: UserError[]) => new StorefrontSyncError(`The platform refused the discount: ${describe(userErrors)}`, false);
  const createAutomatic = async (discount: StorefrontAutomaticDiscount) => {
    const data = await client.request<{ discountAutomaticBasicCreate: NodeAnswer }>(DISCOUNT_AUTOMATIC_CREATE_MUTATION, {
      automaticBasicDiscount: toDiscountAutomaticBasicInput(discount),
    });
    const { automaticDiscountNode, userErrors } = data.discountAutomaticBasicCreate;
    if (userErrors.length || !automaticDiscountNode) throw refused(userErrors);
    return automaticDiscountNode.id;
  };
  return {
    kind: 'shopify',
    async publishDiscountCode(discount) {
      const data = await client.request<{ discountCodeBasicCreate: { codeDiscountNode: { id: string } | null; userErrors: UserError[] } }>(
        DISCOUNT_CODE_CREATE_MUTATION,
        {
          basicCodeDiscount: toDiscountCodeBasicInput(discount),
        },
      );
      const { codeDiscountNode, userErrors } = data.discountCodeBasicCreate;
      if (userErrors.length || !codeDiscountNode) throw refused(userErrors);
      return codeDiscountNode.id;
    },
    async publishAutomaticDiscount(discount, platformDiscountId) {
      if (!platformDiscountId) return createAutomatic(discount);
      const data = await client.request<{ discountAutomaticBasicUpdate: NodeAnswer }>(DISCOUNT_AUTOMATIC_UPDATE_MUTATION, {
        id: platformDiscountId,
        automaticBasicDiscount: toDiscountAutomaticBasicInput(discount),
      });
      const { automaticDiscountNode, userErrors } = data.discountAutomaticBasicUpdate;
      // Deleted on the platform by hand meanwhile: made again rather than left missing.
      if (isGone(userErrors)) return createAutomatic(discount);
      if (userErrors.length || !automaticDiscountNode) throw refused(userErrors);
      return automaticDiscountNode.id;
    },
    async removeDiscount(platformDiscountId) {
      const automatic = isAutomaticId(platformDiscountId);
      const data = automatic
        ? (
            await client.request<{ discountAutomaticDelete: { userErrors: UserError[] } }>(DISCOUNT_AUTOMATIC_DELETE_MUTATION, {
              id: platformDiscountId,
            })
          ).discountAutomaticDelete
        : (
            await client.request<{ discountCodeDelete: { userErrors: UserError[] } }>(DISCOUNT_CODE_DELETE_MUTATION, {
              id: platformDiscountId,
            })
          ).discountCodeDelete;
      if (data.userErrors.length && !isGone(data.userErrors)) {
        throw new StorefrontSyncError(`The platform refused to delete the discount: ${describe(data.userErrors)}`, false);
      }
    },
  };
}
