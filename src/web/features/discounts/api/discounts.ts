import useSWR, { mutate } from 'swr';
import { OkSchema } from '#shared/schemas/common';
import {
  DiscountAnswerSchema,
  DiscountInputSchema,
  DiscountListAnswerSchema,
  DiscountReplaceSchema,
  type Discount,
  type DiscountInput,
} from '#shared/schemas/discounts';
import { endpoint } from '#web/api/endpoint.ts';

const KEY = 'discounts';
const getDiscounts = endpoint({ path: 'discounts', answer: DiscountListAnswerSchema });
const postDiscount = endpoint({ method: 'POST', path: 'discounts', request: DiscountInputSchema, answer: DiscountAnswerSchema });
const putDiscount = endpoint({
  method: 'PUT',
  path: 'discounts/{discountId}',
  pathParams: ['discountId'],
  request: DiscountReplaceSchema,
  answer: DiscountAnswerSchema,
});
const deleteDiscountCall = endpoint({ method: 'DELETE', path: 'discounts/{discountId}', pathParams: ['discountId'], answer: OkSchema });

export type { Discount };

/** GET discounts: the caller's discounts (an admin's all, a vendor's own), newest first. */
export function useDiscounts() {
  return useSWR(KEY, () => getDiscounts(), { revalidateOnFocus: false });
}

/** POST discounts, or PUT discounts/{id} for an existing one. */
export async function saveDiscount(id: string | null, input: DiscountInput): Promise<Discount> {
  const { discount } = id ? await putDiscount({ ...input, discountId: id }) : await postDiscount(input);
  await mutate(KEY);
  return discount;
}

/** DELETE discounts/{id}. */
export async function deleteDiscount(id: string) {
  await deleteDiscountCall({ discountId: id });
  await mutate(KEY);
}
