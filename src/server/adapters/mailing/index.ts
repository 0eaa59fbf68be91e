import { createBrevoProvider } from './brevo.ts';
import { createKlaviyoProvider } from './klaviyo.ts';
import { DEFAULT_MAILING_BASE_URLS, type MailingBaseUrls, type MailingProvider } from './types.ts';

export { MailingError, DEFAULT_MAILING_BASE_URLS, type MailingBaseUrls, type MailingContact, type MailingProvider } from './types.ts';

/** The provider of a store's mailing integration, made with its (decrypted) key. */
export type MailingProviders = (service: 'brevo' | 'klaviyo', apiKey: string) => MailingProvider;

/** The mailing services, reached at their hosts (tests: at in-process fakes). */
export function createMailingProviders(baseUrls: MailingBaseUrls = DEFAULT_MAILING_BASE_URLS): MailingProviders {
  return (service, apiKey) =>
    service === 'brevo' ? createBrevoProvider(apiKey, baseUrls.brevo) : createKlaviyoProvider(apiKey, baseUrls.klaviyo);
}
