import { field, providerFetch } from './http.ts';
import { ProviderError, type PayPalBatch, type PayPalBatchStatus, type PayPalClient, type PayPalItemStatus } from './types.ts';

const messageOf = (body: unknown) =>
  (field(body, 'details', '0', 'issue') as string | undefined) ??
  (field(body, 'message') as string | undefined) ??
  (field(body, 'error_description') as string | undefined);

/**
 * PayPal Payouts over its REST API: an OAuth client-credentials token (kept until shortly before it
 * expires), then the payouts calls. `baseUrl` is the sandbox or live host, or a fake's address.
 */
export function createPayPalClient(baseUrl: string, clientId: string, clientSecret: string): PayPalClient {
  let token: { value: string; until: number } | null = null;

  async function accessToken() {
    if (token && token.until > Date.now()) return token.value;
    const body = await providerFetch(
      `${baseUrl}/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      },
      messageOf,
    );
    const value = String(field(body, 'access_token'));
    token = { value, until: Date.now() + (Number(field(body, 'expires_in')) - 60) * 1000 };
    return value;
  }

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string) =>
    providerFetch(
      `${baseUrl}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          'content-type': 'application/json',
          ...(requestId ? { 'paypal-request-id': requestId } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      messageOf,
    );

  return {
    async verify() {
      token = null;
      await accessToken();
    },
    async createBatch({ senderBatchId, emailSubject, items }) {
      try {
        const body = await call(
          'POST',
          '/v1/payments/payouts',
          {
            sender_batch_header: { sender_batch_id: senderBatchId, email_subject: emailSubject },
            items: items.map((item) => ({
              recipient_type: item.recipientType,
              receiver: item.receiver,
              amount: { value: item.amount, currency: item.currency },
              sender_item_id: item.senderItemId,
              recipient_wallet: item.recipientType === 'USER_HANDLE' ? 'VENMO' : 'PAYPAL',
            })),
          },
          // Where PayPal honours it, the same request id replays the first answer (with the batch id).
          senderBatchId,
        );
        return {
          batchId: String(field(body, 'batch_header', 'payout_batch_id')),
          status: field(body, 'batch_header', 'batch_status') as PayPalBatchStatus,
        };
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'refused' && /sender_batch_id|duplicate/i.test(error.message))
          throw new ProviderError('duplicate', error.message, error.status);
        throw error;
      }
    },
    async createWebhook({ url, eventTypes }) {
      const body = await call('POST', '/v1/notifications/webhooks', { url, event_types: eventTypes.map((name) => ({ name })) });
      return { id: String(field(body, 'id')) };
    },
    async verifyWebhook({ webhookId, headers, rawBody }) {
      // The event goes back as its raw bytes: PayPal checks the signature over the body it sent.
      const fields = JSON.stringify({
        auth_algo: headers.authAlgo,
        cert_url: headers.certUrl,
        transmission_id: headers.transmissionId,
        transmission_sig: headers.transmissionSig,
        transmission_time: headers.transmissionTime,
        webhook_id: webhookId,
      });
      const body = await providerFetch(
        `${baseUrl}/v1/notifications/verify-webhook-signature`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
          body: `${fields.slice(0, -1)},"webhook_event":${rawBody}}`,
        },
        messageOf,
      );
      return field(body, 'verification_status') === 'SUCCESS';
    },
    async getBatch(batchId): Promise<PayPalBatch> {
      const body = await call('GET', `/v1/payments/payouts/${encodeURIComponent(batchId)}`);
      const items = (field(body, 'items') as unknown[] | undefined) ?? [];
      return {
        batchId,
        status: field(body, 'batch_header', 'batch_status') as PayPalBatchStatus,
        items: items.map((item) => ({
          itemId: String(field(item, 'payout_item_id')),
          status: field(item, 'transaction_status') as PayPalItemStatus,
          senderItemId: (field(item, 'payout_item', 'sender_item_id') as string | undefined) ?? null,
          ...(field(item, 'errors', 'message') || field(item, 'errors', 'name')
            ? { error: String(field(item, 'errors', 'message') ?? field(item, 'errors', 'name')) }
            : {}),
        })),
      };
    },
  };
}
