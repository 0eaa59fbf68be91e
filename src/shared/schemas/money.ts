import { z } from 'zod';
import { MSG } from '../messages.ts';

/**
 * The one wire format of an amount, in every body and every answer: major units as decimal text with
 * the currency's decimals ("12.50", "1700" in JPY, "-3.125" in KWD), never a number (a float loses
 * cents, and a bare integer reads as major units to one client and minor units to another). Its
 * currency travels beside it: a `currency` field of the same object, or `{ amount, currency }`.
 */
export const MONEY_TEXT = /^-?\d{1,15}(\.\d{1,4})?$/;

export const MONEY_MESSAGES = {
  notAnAmount: 'Must be an amount like 12.50',
  tooManyDecimals: (decimals: number) => (decimals === 0 ? 'Must be a whole amount' : `Must have at most ${decimals} decimals`),
} as const;

/** What a client sends: non-negative, a dot for the decimals. */
export const MONEY_INPUT = /^\d{1,12}(\.\d{1,4})?$/;

/** An amount the server answers with (see MONEY_TEXT). */
export const MoneyTextSchema = z.string().regex(MONEY_TEXT);

/**
 * Runs a check only on text without a minus sign (already told "0 or more"). Zod honours `when` on
 * every check but leaves it out of the string formats' parameter type, hence the spread.
 */
const unlessNegative: object = {
  when: (payload: z.core.ParsePayload<unknown>) => typeof payload.value === 'string' && !payload.value.startsWith('-'),
};

/**
 * An amount a client sends: non-negative decimal text with a dot ("12.50", "1700"). The server turns
 * it into minor units of its currency where it reads the body (amountFromBody), which refuses more
 * decimals than the currency has; the currency is often a sibling field, so this schema cannot.
 */
export const moneyAmount = (message: string = MONEY_MESSAGES.notAnAmount, negative: string = message) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? MSG.required : message) })
    .trim()
    .min(1, { error: MSG.required, abort: true })
    // A minus sign gets the field's own "0 or more" words rather than the format's. Neither check
    // aborts, so the rules between fields (a discount's code, its end date) still speak in the same answer.
    .refine((text) => !text.startsWith('-'), { error: negative })
    .regex(MONEY_INPUT, { error: message, ...unlessNegative });
