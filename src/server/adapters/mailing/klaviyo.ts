import { callProvider } from './http.ts';
import type { MailingContact, MailingProvider } from './types.ts';

/** The API revision we speak; Klaviyo requires one on every call. */
export const KLAVIYO_REVISION = '2024-10-15';

/**
 * Klaviyo, with `Authorization: Klaviyo-API-Key <key>` and a `revision` header: `GET /accounts/`
 * checks the key, `POST /profiles/ {data: {type: "profile", attributes}}` creates a profile (a 409
 * duplicate means it already exists, which is what we want).
 */
export function createKlaviyoProvider(apiKey: string, baseUrl: string): MailingProvider {
  const headers = {
    authorization: `Klaviyo-API-Key ${apiKey}`,
    revision: KLAVIYO_REVISION,
    accept: 'application/vnd.api+json',
    'content-type': 'application/vnd.api+json',
  };
  const base = baseUrl.replace(/\/$/, '');
  return {
    service: 'klaviyo',
    async verifyKey() {
      await callProvider('Klaviyo', `${base}/accounts/`, { method: 'GET', headers });
    },
    async upsertContact(contact: MailingContact) {
      const { FIRSTNAME, ...properties } = contact.attributes;
      await callProvider(
        'Klaviyo',
        `${base}/profiles/`,
        {
          method: 'POST',
          headers,
          body: {
            data: {
              type: 'profile',
              attributes: { email: contact.email, ...(FIRSTNAME ? { first_name: String(FIRSTNAME) } : {}), properties },
            },
          },
        },
        (status) => (status >= 200 && status < 300) || status === 409,
      );
    },
  };
}
