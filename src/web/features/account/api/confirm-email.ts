import { ConfirmEmailSchema } from '#shared/schemas/account';
import { OkSchema } from '#shared/schemas/common';
import { endpoint } from '#web/api/endpoint.ts';

/** POST account/email/confirm: the mailed link's token makes the new address the sign-in address. */
export const confirmEmail = endpoint({ method: 'POST', path: 'account/email/confirm', request: ConfirmEmailSchema, answer: OkSchema });
