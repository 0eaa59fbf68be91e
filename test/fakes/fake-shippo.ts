import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process Shippo: shipments with rates, transactions (label purchases)
 * with statuses, refunds, and the label files, on 127.0.0.1:0. Like the real API it has no
 * idempotency key: buying a rate twice makes two labels, so a caller must look purchases up by rate.
 */

const id = () => randomBytes(16).toString('hex');

type Json = Record<string, unknown>;

interface FakeRate {
  object_id: string;
  shipment: string;
  amount: string;
  currency: string;
  provider: string;
  servicelevel: { name: string; token: string };
  estimated_days: number;
  attributes: string[];
}

interface FakeTransaction {
  object_id: string;
  status: string;
  rate: string;
  label_url: string;
  tracking_number: string;
  tracking_url_provider: string;
  metadata: string;
  messages: { text: string }[];
}

/** The carriers' rates of every shipment: not sorted, as a provider's answer need not be. */
const QUOTES = [
  { provider: 'UPS', name: 'Ground', token: 'ups_ground', amount: '9.10', days: 5, attributes: [] },
  { provider: 'USPS', name: 'Priority Mail', token: 'usps_priority', amount: '7.50', days: 2, attributes: ['CHEAPEST', 'BESTVALUE'] },
  { provider: 'USPS', name: 'Priority Mail Express', token: 'usps_priority_express', amount: '25.00', days: 1, attributes: ['FASTEST'] },
];

export async function startFakeShippo(options: { refundStatus?: 'SUCCESS' | 'QUEUED' | 'ERROR'; purchaseDelayMs?: number } = {}) {
  const rates = new Map<string, FakeRate>();
  const transactions = new Map<string, FakeTransaction>();
  const refunds = new Map<string, { object_id: string; status: string; transaction: string }>();
  const purchasesOf = (rate: string) => [...transactions.values()].filter((t) => t.rate === rate);
  const requests: { method: string; path: string; body: unknown }[] = [];
  const state = {
    refundStatus: options.refundStatus ?? 'SUCCESS',
    keys: new Set<string>(),
    purchaseDelayMs: options.purchaseDelayMs ?? 0,
    loseAnswers: 0,
    loseRefundAnswers: 0,
    unavailable: 0,
  };
  let baseUrl = '';

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = (raw ? JSON.parse(raw) : {}) as Json;
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname + url.search, body });
    const send = (status: number, answer: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    };

    // Label files are public URLs on the provider's file host.
    const file = /^\/files\/(\w+)\.pdf$/.exec(url.pathname);
    if (method === 'GET' && file) {
      if (!transactions.has(file[1])) return send(404, { detail: 'Not found.' });
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(`%PDF-1.4\n% shipping label ${file[1]}\n%%EOF\n`);
    }

    if (state.unavailable > 0) {
      state.unavailable--;
      return send(503, { detail: 'Service temporarily unavailable' });
    }
    const token = /^ShippoToken (shippo_\w+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || (state.keys.size > 0 && !state.keys.has(token))) return send(401, { detail: 'Invalid token.' });

    if (method === 'GET' && url.pathname === '/addresses/') {
      // Shippo's paginated list; the check of a key reads one page of it.
      return send(200, { next: null, previous: null, results: [] });
    }
    if (method === 'POST' && url.pathname === '/shipments/') {
      const from = body.address_from as Json | undefined;
      const to = body.address_to as Json | undefined;
      const parcels = body.parcels as Json[] | undefined;
      if (!from?.street1 || !to?.street1 || !parcels?.length) return send(400, { address_from: ['This field is required.'] });
      const shipment = id();
      const quoted = QUOTES.map((q) => {
        const rate: FakeRate = {
          object_id: id(),
          shipment,
          amount: q.amount,
          currency: 'USD',
          provider: q.provider,
          servicelevel: { name: q.name, token: q.token },
          estimated_days: q.days,
          attributes: q.attributes,
        };
        rates.set(rate.object_id, rate);
        return rate;
      });
      return send(201, {
        object_id: shipment,
        status: 'SUCCESS',
        rates: quoted,
        messages: [{ source: 'FedEx', code: '', text: 'FedEx could not quote this shipment' }],
      });
    }
    const rateMatch = /^\/rates\/(\w+)$/.exec(url.pathname);
    if (method === 'GET' && rateMatch) {
      const rate = rates.get(rateMatch[1]);
      return rate ? send(200, rate) : send(404, { detail: 'Not found.' });
    }
    if (method === 'POST' && url.pathname === '/transactions/') {
      const rate = rates.get(String(body.rate));
      if (!rate) return send(400, { rate: ['Rate not found.'] });
      if (state.purchaseDelayMs) await new Promise((resolve) => setTimeout(resolve, state.purchaseDelayMs));
      const transaction: FakeTransaction = {
        object_id: id(),
        status: 'SUCCESS',
        rate: rate.object_id,
        label_url: '',
        tracking_number: `92${randomBytes(8).readBigUInt64BE().toString().slice(0, 18)}`,
        tracking_url_provider: '',
        metadata: String(body.metadata ?? '').slice(0, 100),
        messages: [],
      };
      transaction.label_url = `${baseUrl}/files/${transaction.object_id}.pdf`;
      transaction.tracking_url_provider = `https://tools.usps.com/go/TrackConfirmAction?tLabels=${transaction.tracking_number}`;
      transactions.set(transaction.object_id, transaction);
      if (state.loseAnswers > 0) {
        state.loseAnswers--;
        return send(503, { detail: 'Service temporarily unavailable' });
      }
      return send(201, transaction);
    }
    if (method === 'GET' && url.pathname === '/transactions/') {
      const rate = url.searchParams.get('rate');
      return send(200, { results: rate ? purchasesOf(rate) : [...transactions.values()] });
    }
    if (method === 'POST' && url.pathname === '/refunds/') {
      const transaction = transactions.get(String(body.transaction));
      if (!transaction) return send(400, { transaction: ['Transaction not found.'] });
      if (transaction.status !== 'SUCCESS') return send(400, { transaction: ['This label has already been refunded.'] });
      const refund = { object_id: id(), status: state.refundStatus, transaction: transaction.object_id };
      refunds.set(refund.object_id, refund);
      if (refund.status === 'SUCCESS') transaction.status = 'REFUNDED';
      else if (refund.status !== 'ERROR') transaction.status = 'REFUNDPENDING';
      if (state.loseRefundAnswers > 0) {
        state.loseRefundAnswers--;
        return send(503, { detail: 'Service temporarily unavailable' });
      }
      return send(201, refund);
    }
    const refundMatch = /^\/refunds\/(\w+)$/.exec(url.pathname);
    if (method === 'GET' && refundMatch) {
      const refund = refunds.get(refundMatch[1]);
      return refund ? send(200, refund) : send(404, { detail: 'Not found.' });
    }
    send(404, { detail: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    /** Every label bought, as the provider has them. */
    transactions: () => [...transactions.values()],
    /** How long each purchase takes from now on. */
    setPurchaseDelay(ms: number) {
      state.purchaseDelayMs = ms;
    },
    /** The next purchase is made, but its answer is a 503 (as when a gateway times out). */
    loseNextPurchaseAnswer() {
      state.loseAnswers = 1;
    },
    /** The next refund is made, but its answer is a 503. */
    loseNextRefundAnswer() {
      state.loseRefundAnswers = 1;
    },
    /** The next `count` API calls answer 503 without doing anything (Shippo down). */
    failNextCalls(count = 1) {
      state.unavailable = count;
    },
    /** Once set, only these keys are accepted (401 otherwise). */
    acceptKeys(...keys: string[]) {
      keys.forEach((k) => state.keys.add(k));
    },
    /** What the next refunds answer; and settles the pending ones as SUCCESS or ERROR. */
    setRefundStatus(status: 'SUCCESS' | 'QUEUED' | 'ERROR') {
      state.refundStatus = status;
      if (status === 'QUEUED') return;
      for (const refund of refunds.values()) {
        if (refund.status !== 'QUEUED') continue;
        refund.status = status;
        const transaction = transactions.get(refund.transaction)!;
        transaction.status = status === 'SUCCESS' ? 'REFUNDED' : 'SUCCESS';
      }
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
export type FakeShippo = Awaited<ReturnType<typeof startFakeShippo>>;
