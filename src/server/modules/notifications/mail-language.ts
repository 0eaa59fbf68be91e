import { and, eq } from 'drizzle-orm';
import { AccountLanguageSchema } from '#shared/schemas/account';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/index';
import type { MailLanguage } from './templates/index.ts';

/**
 * The language of a store's account at an address, or null when the address has none or its
 * owner chose none. Users' own mails follow it, read when the mail is rendered, so a mail queued
 * before the user switched language still reaches them in the new one.
 */
export async function accountLanguage(db: Db, storeId: string, email: string): Promise<MailLanguage | null> {
  const [user] = await db
    .select({ language: users.language })
    .from(users)
    .where(and(eq(users.storeId, storeId), eq(users.email, email.trim().toLowerCase())));
  return storedLanguage(user?.language) ?? null;
}

/** A language as stored in a text column, as a mail's; undefined when none, or not one mails are written in. */
export const storedLanguage = (value: string | null | undefined): MailLanguage | undefined => AccountLanguageSchema.safeParse(value).data;

/**
 * Whom a mail speaks to decides its language: what the sender knew of the reader (a buyer's
 * language, the account whose new address is being confirmed), else the language of the account
 * at the address, else the store's default: English, the language the store's screens start in.
 */
export async function mailLanguage(db: Db, storeId: string, to: string, known?: MailLanguage): Promise<MailLanguage> {
  return known ?? (storeId ? await accountLanguage(db, storeId, to) : null) ?? 'en';
}
