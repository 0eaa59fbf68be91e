import { z } from 'zod';
import { MSG } from '../messages.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../limits.ts';
import { EmailSchema, StoreIdSchema } from './common.ts';

export const PasswordSchema = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(PASSWORD_MAX, MSG.passwordTooLong);

export const LoginSchema = z.object({
  store: StoreIdSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type Login = z.infer<typeof LoginSchema>;

export const ChangePasswordRequestSchema = z.object({
  store: StoreIdSchema,
  email: EmailSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const ChangePasswordUpdateSchema = z
  .object({
    store: StoreIdSchema,
    email: EmailSchema,
    code: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(64),
    password: PasswordSchema,
    confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
  })
  .refine((v) => v.password === v.confirmation, { message: MSG.passwordsDontMatch, path: ['confirmation'] });
export type ChangePasswordUpdate = z.infer<typeof ChangePasswordUpdateSchema>;

export const SwitchVendorSchema = z.object({ vendor: z.string().trim().min(1, MSG.required) });

/** What sign-in, refresh and a vendor switch answer: the access token and when it ends. */
export const TokenAnswerSchema = z.object({ token: z.string(), exp: z.number() });
