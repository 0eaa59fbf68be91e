import { z } from 'zod';
import { MSG } from '../messages.ts';
import { EmailSchema, requiredText } from './common.ts';
import { PasswordSchema } from './auth.ts';

/** The languages of the screens (and of a user's own mails). */
export const ACCOUNT_LANGUAGES = ['en', 'nl', 'de', 'fr', 'es'] as const;
export const AccountLanguageSchema = z.enum(ACCOUNT_LANGUAGES);
export type AccountLanguage = z.infer<typeof AccountLanguageSchema>;

/** GET account: who is signed in, the language they chose (null: the browser's) and an e-mail change waiting for its link. */
export const AccountSchema = z.object({
  name: z.string(),
  email: z.string(),
  language: AccountLanguageSchema.nullable(),
  pendingEmail: z.string().nullable(),
});
export type Account = z.infer<typeof AccountSchema>;

/** PATCH account: the name and the language, each optional (a key left out keeps its value). */
export const UpdateAccountSchema = z.strictObject({
  name: requiredText(200).optional(),
  language: AccountLanguageSchema.nullable().optional(),
});
export type UpdateAccount = z.infer<typeof UpdateAccountSchema>;

const CurrentPasswordSchema = z.string({ error: MSG.required }).min(1, MSG.required).max(1000);

/** PUT account/password: the current password proves it is the owner at the keyboard. */
export const ChangeOwnPasswordSchema = z
  .strictObject({
    currentPassword: CurrentPasswordSchema,
    password: PasswordSchema,
    confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
  })
  .refine((v) => v.password === v.confirmation, { message: MSG.passwordsDontMatch, path: ['confirmation'] });
export type ChangeOwnPassword = z.infer<typeof ChangeOwnPasswordSchema>;

/** POST account/email: the new address gets a link; the sign-in address changes once it is followed. */
export const ChangeEmailSchema = z.strictObject({
  email: EmailSchema,
  currentPassword: CurrentPasswordSchema,
});
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'The current password is not right',
  sameEmail: 'This is already your e-mail address',
  emailTaken: 'This e-mail address is already in use',
  invalidLink: 'This link is invalid or has expired',
} as const;

/** POST account/email/confirm: the token of the mailed link. */
export const ConfirmEmailSchema = z.strictObject({
  token: z.string({ error: MSG.required }).regex(/^[A-Za-z0-9_-]{20,100}$/, ACCOUNT_MESSAGES.invalidLink),
});
