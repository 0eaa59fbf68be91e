import { createBrevoProvider } from './brevo.ts';
import { createKlaviyoProvider } from './klaviyo.ts';
import { DEFAULT_MAILING_BASE_URLS, type MailingBaseUrls, type MailingProvider } from './types.ts';

export { MailingError, DEFAULT_MAILING_BASE_URLS, type MailingBaseUrls, type MailingContact, type MailingProvider } from './types.ts';

/** The provider of a store's mailing integration, called with its (decrypted) key. */
export function createMailingProvider(
  service: 'brevo' | 'klaviyo',
  apiKey: string,
  baseUrls: MailingBaseUrls = DEFAULT_MAILING_BASE_URLS,
): MailingProvider {
  return service === 'brevo' ? createBrevoProvider(apiKey, baseUrls.brevo) : createKlaviyoProvider(apiKey, baseUrls.klaviyo);
}
