import { z } from 'zod';
import { findMarket } from '../delivery-markets.ts';
import { MSG } from '../messages.ts';
import { EmailSchema, requiredText, StoreIdSchema } from './common.ts';
import { DELIVERY_MESSAGES } from './delivery.ts';

export const ORDER_MESSAGES = {
  notForSale: 'This product is not for sale',
  outOfStock: 'Not enough in stock',
  noDelivery: 'No delivery to this address',
} as const;

/** The most lines and the most of one line a checkout takes. */
export const CHECKOUT_LIMITS = { lines: 100, quantity: 999 } as const;

const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).default('');

export const CheckoutAddressSchema = z.object({
  name: requiredText(200),
  company: optionalText(200),
  street1: requiredText(200),
  street2: optionalText(200),
  city: requiredText(100),
  zip: optionalText(20),
  province: z.string().trim().toUpperCase().max(10).default(''),
  country: z
    .string({ error: MSG.required })
    .trim()
    .toUpperCase()
    .min(1, MSG.required)
    .refine((code) => findMarket(code) !== null, DELIVERY_MESSAGES.unknownCountry),
  phone: optionalText(40),
});
export type CheckoutAddress = z.infer<typeof CheckoutAddressSchema>;

/**
 * POST storefront/checkout: the built-in storefront's order. Prices, shipping and stock are the
 * server's, never the buyer's; `checkoutId` (a UUID the storefront makes once per checkout) makes a
 * retried request the same order.
 */
export const CheckoutBodySchema = z.object({
  store: StoreIdSchema,
  checkoutId: z.uuid({ error: 'Must be a UUID' }),
  email: EmailSchema,
  address: CheckoutAddressSchema,
  lines: z
    .array(
      z.object({
        variantId: z.uuid({ error: ORDER_MESSAGES.notForSale }),
        quantity: z
          .number({ error: MSG.required })
          .int('Must be a whole number')
          .min(1, 'Must be at least 1')
          .max(CHECKOUT_LIMITS.quantity, `Must be at most ${CHECKOUT_LIMITS.quantity}`),
      }),
    )
    .min(1, 'The cart is empty')
    .max(CHECKOUT_LIMITS.lines, `At most ${CHECKOUT_LIMITS.lines} lines`),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

export const CheckoutAnswerSchema = z.object({
  orderId: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Major units, as text ("42.50"). */
  subtotal: z.string(),
  shipping: z.string(),
  total: z.string(),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswerSchema>;
