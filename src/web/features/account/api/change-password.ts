import { ChangeOwnPasswordSchema } from '#shared/schemas/account';
import { OkSchema } from '#shared/schemas/common';
import { endpoint } from '#web/api/endpoint.ts';

/** PUT account/password: the current password and the new one; other sign-ins end. */
export const changePassword = endpoint({ method: 'PUT', path: 'account/password', request: ChangeOwnPasswordSchema, answer: OkSchema });
