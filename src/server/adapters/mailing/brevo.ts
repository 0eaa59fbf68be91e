import { callProvider } from './http.ts';
import type { MailingContact, MailingProvider } from './types.ts';

/**
 * Brevo (ex-Sendinblue), API v3 with the `api-key` header: `GET /account` checks the key,
 * `POST /contacts {email, attributes, listIds, updateEnabled: true}` creates or updates a contact.
 */
export function createBrevoProvider(apiKey: string, baseUrl: string): MailingProvider {
  const headers = { 'api-key': apiKey, accept: 'application/json', 'content-type': 'application/json' };
  const base = baseUrl.replace(/\/$/, '');
  return {
    service: 'brevo',
    async verifyKey() {
      await callProvider('Brevo', `${base}/account`, { method: 'GET', headers });
    },
    async upsertContact(contact: MailingContact) {
      await callProvider('Brevo', `${base}/contacts`, {
        method: 'POST',
        headers,
        body: {
          email: contact.email,
          attributes: contact.attributes,
          ...(contact.listIds?.length ? { listIds: contact.listIds } : {}),
          updateEnabled: true,
        },
      });
    },
  };
}
