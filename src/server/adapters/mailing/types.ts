/** A contact pushed to a mailing service: a new vendor or a subscriber. */
export interface MailingContact {
  email: string;
  /** Contact attributes (Brevo: upper-case attribute names such as FIRSTNAME; Klaviyo: properties). */
  attributes: Record<string, string | number | boolean>;
  /** Brevo lists to add the contact to (Klaviyo ignores them). */
  listIds?: number[];
}

/** A marketing-contacts provider (Brevo, Klaviyo), called with one store's API key. */
export interface MailingProvider {
  readonly service: 'brevo' | 'klaviyo';
  /** Checks the key with the provider; throws MailingError with `refusedKey` when the provider refuses it. */
  verifyKey(): Promise<void>;
  /** Creates the contact, or updates it when it exists; throws MailingError when the provider fails. */
  upsertContact(contact: MailingContact): Promise<void>;
}

export class MailingError extends Error {
  override name = 'MailingError';
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
    /** The provider refused the API key (401/403): retrying will not help. */
    readonly refusedKey = false,
  ) {
    super(message);
  }
}

/** Where each provider's API lives; tests point these at in-process fakes. */
export interface MailingBaseUrls {
  brevo: string;
  klaviyo: string;
}

export const DEFAULT_MAILING_BASE_URLS: MailingBaseUrls = {
  brevo: 'https://api.brevo.com/v3',
  klaviyo: 'https://a.klaviyo.com/api',
};

/** Provider calls give up after this long, so a hanging provider cannot hold a request or a job. */
export const MAILING_TIMEOUT_MS = 10_000;
