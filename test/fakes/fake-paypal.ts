import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { startHttpFake, type FakeReply, type FakeRequest } from './http-server.ts';

interface Item {
  payout_item_id: string;
  transaction_id: string | null;
  transaction_status: string;
  payout_batch_id: string;
  payout_item: {
    recipient_type: string;
    amount: { value: string; currency: string };
    receiver: string;
    sender_item_id: string;
    recipient_wallet: string;
  };
}
interface Batch {
  batch_header: { payout_batch_id: string; batch_status: string; sender_batch_header: { sender_batch_id: string; email_subject?: string } };
  items: Item[];
}

const id = (length = 13) => randomBytes(length).toString('hex').slice(0, length).toUpperCase();
const failure = (status: number, name: string, message: string, details?: { field?: string; issue: string }[]): FakeReply => ({
  status,
  body: {
    name,
    message,
    debug_id: id(),
    information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
    ...(details ? { details } : {}),
  },
});

/**
 * PayPal Payouts as far as we use it: client-credentials OAuth (Basic auth), payout batches whose
 * `sender_batch_id` may be used once (a reuse is refused with USER_BUSINESS_ERROR), a
 * `PayPal-Request-Id` that replays the first answer, batch and item status. Receivers listed in
 * `failingReceivers` end FAILED, as an unknown account would.
 */
export async function startFakePayPal(options: { clientId?: string; clientSecret?: string } = {}) {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const tokens = new Set<string>();
  const batches = new Map<string, Batch>();
  const bySenderBatchId = new Map<string, Batch>();
  const replays = new Map<string, FakeReply>();
  const failingReceivers = new Set<string>();
  const requests: FakeRequest[] = [];
  const webhooks = new Map<string, { id: string; url: string; eventTypes: string[] }>();
  // PayPal signs each delivery with its certificate's key: SHA256withRSA over "id|time|webhook id|crc32(body)".
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signed = (transmissionId: string, time: string, webhookId: string, rawBody: string) =>
    `${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(rawBody))}`;

  const view = (batch: Batch) => ({ batch_header: batch.batch_header, items: batch.items, links: [] });

  function payouts(req: FakeRequest): FakeReply {
    let body: {
      sender_batch_header?: { sender_batch_id?: string; email_subject?: string };
      items?: {
        recipient_type?: string;
        amount?: { value?: string; currency?: string };
        receiver?: string;
        sender_item_id?: string;
        recipient_wallet?: string;
      }[];
    };
    try {
      body = JSON.parse(req.text);
    } catch {
      return failure(400, 'MALFORMED_REQUEST', 'Incoming JSON request does not map to API request');
    }
    const senderBatchId = body.sender_batch_header?.sender_batch_id;
    if (!senderBatchId || senderBatchId.length > 256)
      return failure(400, 'VALIDATION_ERROR', 'Invalid request - see details', [
        { field: 'sender_batch_header.sender_batch_id', issue: 'Required field missing' },
      ]);
    if (!body.items?.length || body.items.length > 15_000)
      return failure(400, 'VALIDATION_ERROR', 'Invalid request - see details', [{ field: 'items', issue: 'Between 1 and 15000 items' }]);
    for (const [i, item] of body.items.entries()) {
      if (!['EMAIL', 'PHONE', 'PAYPAL_ID', 'USER_HANDLE'].includes(item.recipient_type ?? '') || !item.receiver)
        return failure(400, 'VALIDATION_ERROR', 'Invalid request - see details', [
          { field: `items[${i}].receiver`, issue: 'Receiver is invalid or does not match with type' },
        ]);
      if (!/^\d+(\.\d{1,3})?$/.test(item.amount?.value ?? '') || !/^[A-Z]{3}$/.test(item.amount?.currency ?? ''))
        return failure(400, 'VALIDATION_ERROR', 'Invalid request - see details', [
          { field: `items[${i}].amount`, issue: 'Amount is invalid' },
        ]);
    }
    if (bySenderBatchId.has(senderBatchId))
      return failure(400, 'USER_BUSINESS_ERROR', 'User business error.', [
        { field: 'SENDER_BATCH_ID', issue: 'Batch with given sender_batch_id already exists' },
      ]);
    const batchId = id();
    const batch: Batch = {
      batch_header: {
        payout_batch_id: batchId,
        batch_status: 'PENDING',
        sender_batch_header: { sender_batch_id: senderBatchId, email_subject: body.sender_batch_header?.email_subject },
      },
      items: body.items.map((item) => ({
        payout_item_id: id(),
        transaction_id: null,
        transaction_status: 'PENDING',
        payout_batch_id: batchId,
        payout_item: {
          recipient_type: item.recipient_type!,
          amount: { value: item.amount!.value!, currency: item.amount!.currency! },
          receiver: item.receiver!,
          sender_item_id: item.sender_item_id ?? '',
          recipient_wallet: item.recipient_wallet ?? 'PAYPAL',
        },
      })),
    };
    batches.set(batchId, batch);
    bySenderBatchId.set(senderBatchId, batch);
    return {
      status: 201,
      body: { batch_header: batch.batch_header, links: [{ href: `/v1/payments/payouts/${batchId}`, rel: 'self', method: 'GET' }] },
    };
  }

  /** A batch is PENDING when made and processed by the time anyone looks at it. */
  function read(batch: Batch) {
    if (batch.batch_header.batch_status === 'PENDING') {
      for (const item of batch.items) {
        const failed = failingReceivers.has(item.payout_item.receiver);
        item.transaction_status = failed ? 'FAILED' : 'SUCCESS';
        item.transaction_id = failed ? null : id(17);
      }
      batch.batch_header.batch_status = 'SUCCESS';
    }
    return view(batch);
  }

  const server = await startHttpFake((req) => {
    requests.push(req);
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
      if (req.headers.authorization !== `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`)
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      if (new URLSearchParams(req.text).get('grant_type') !== 'client_credentials')
        return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
      const token = `A21AA${id(40)}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payouts',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-FAKE',
          expires_in: 32400,
          nonce: id(),
        },
      };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer))
      return failure(
        401,
        'AUTHENTICATION_FAILURE',
        'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      );
    if (req.method === 'POST' && req.path === '/v1/payments/payouts') {
      const requestId = req.headers['paypal-request-id'] as string | undefined;
      const replay = requestId ? replays.get(requestId) : undefined;
      if (replay) return replay;
      const reply = payouts(req);
      if (requestId && reply.status < 500) replays.set(requestId, reply);
      return reply;
    }
    const batchPath = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && batchPath) {
      const batch = batches.get(decodeURIComponent(batchPath[1]));
      return batch ? { status: 200, body: read(batch) } : failure(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    }
    if (req.method === 'POST' && req.path === '/v1/notifications/webhooks') {
      const body = JSON.parse(req.text) as { url: string; event_types: { name: string }[] };
      const webhook = { id: id(17), url: body.url, eventTypes: body.event_types.map((e) => e.name) };
      webhooks.set(webhook.id, webhook);
      return { status: 201, body: { id: webhook.id, url: webhook.url, event_types: body.event_types } };
    }
    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') {
      // The event as sent to the listener, byte for byte: the text after "webhook_event": up to the closing brace.
      const at = req.text.indexOf('"webhook_event":');
      const fields = JSON.parse(`${req.text.slice(0, at).replace(/,\s*$/, '')}}`) as Record<string, string>;
      const rawEvent = req.text.slice(at + '"webhook_event":'.length, req.text.lastIndexOf('}'));
      if (!webhooks.has(fields.webhook_id)) return failure(404, 'INVALID_RESOURCE_ID', 'Webhook id not found.');
      const verifier = createVerify('sha256');
      verifier.update(signed(fields.transmission_id, fields.transmission_time, fields.webhook_id, rawEvent));
      const ok = fields.auth_algo === 'SHA256withRSA' && verifier.verify(publicKey, fields.transmission_sig ?? '', 'base64');
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    const itemPath = /^\/v1\/payments\/payouts-item\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && itemPath) {
      const item = [...batches.values()].flatMap((b) => b.items).find((i) => i.payout_item_id === itemPath[1]);
      return item ? { status: 200, body: item } : failure(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    }
    return failure(404, 'NOT_FOUND', 'The specified resource does not exist.');
  });

  return {
    ...server,
    clientId,
    clientSecret,
    batches,
    bySenderBatchId,
    failingReceivers,
    requests,
    webhooks,
    /** The headers PayPal sends with a webhook delivery of `rawBody` to `webhookId`. */
    signWebhook(webhookId: string, rawBody: string): Record<string, string> {
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const sign = createSign('sha256');
      sign.update(signed(transmissionId, time, webhookId, rawBody));
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': sign.sign(privateKey, 'base64'),
        'paypal-transmission-time': time,
      };
    },
    /** Makes the fake forget request ids (as real PayPal may not honour them): a resend is then refused as a duplicate. */
    forgetRequestIds() {
      replays.clear();
    },
  };
}
export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;
