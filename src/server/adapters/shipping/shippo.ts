import { networkFailureText } from '#server/lib/network-failure';
import {
  SHIPPING_TIMEOUT_MS,
  ShippingProviderError,
  type ProviderAddress,
  type ProviderPurchase,
  type ProviderRate,
  type PurchaseStatus,
  type RefundStatus,
  type ShippingAccount,
  type ShippingProvider,
} from './types.ts';

export const SHIPPO_BASE_URL = 'https://api.goshippo.com';

type Json = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

function rateOf(raw: Json): ProviderRate {
  const level = (raw.servicelevel ?? {}) as Json;
  const days = raw.estimated_days ?? raw.days;
  return {
    id: text(raw.object_id),
    amount: text(raw.amount),
    currency: text(raw.currency),
    carrier: text(raw.provider),
    service: text(level.name),
    estimatedDays: typeof days === 'number' ? days : null,
    attributes: Array.isArray(raw.attributes) ? raw.attributes.map(text) : [],
  };
}

function purchaseOf(raw: Json): ProviderPurchase {
  const rate = raw.rate;
  return {
    id: text(raw.object_id),
    rateId: typeof rate === 'object' && rate ? text((rate as Json).object_id) : text(rate),
    status: text(raw.status) as PurchaseStatus,
    labelUrl: text(raw.label_url),
    trackingNumber: text(raw.tracking_number),
    trackingUrl: text(raw.tracking_url_provider),
    messages: Array.isArray(raw.messages) ? raw.messages.map((m) => text((m as Json)?.text ?? m)) : [],
  };
}

/** The provider's own words from an error body (`detail`, or the first message of a field). */
function providerMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Json;
    if (typeof record.detail === 'string') return record.detail;
    for (const value of Object.values(record)) {
      if (Array.isArray(value) && value.length) return `${text(value[0])}`;
    }
  }
  return typeof body === 'string' && body ? body.slice(0, 300) : 'no details';
}

/** Shippo over its REST API (`Authorization: ShippoToken <key>`), at `baseUrl` (an in-process fake in tests). */
export function createShippoProvider(baseUrl = SHIPPO_BASE_URL): ShippingProvider {
  const root = baseUrl.replace(/\/$/, '');
  return {
    account(apiKey: string): ShippingAccount {
      async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> {
        let response: Response;
        try {
          response = await fetch(`${root}${path}`, {
            method,
            headers: { authorization: `ShippoToken ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: AbortSignal.timeout(SHIPPING_TIMEOUT_MS),
          });
        } catch (error) {
          const where = `Shippo (${new URL(root).host})`;
          throw new ShippingProviderError(
            networkFailureText(error, where) ?? `Could not reach ${where}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        const raw = await response.text();
        let parsed: unknown = raw;
        try {
          parsed = raw ? JSON.parse(raw) : {};
        } catch {
          // Not JSON: the text is the message.
        }
        if (response.ok && parsed && typeof parsed === 'object') return parsed as Json;
        const refused = response.status === 401 || response.status === 403;
        throw new ShippingProviderError(providerMessage(parsed), response.status, refused);
      }

      return {
        async verifyKey() {
          await call('GET', '/addresses/?results=1');
        },
        async quote({ from, to, parcels }) {
          const address = (a: ProviderAddress) => ({ ...a, metadata: a.metadata || undefined });
          const shipment = await call('POST', '/shipments/', {
            address_from: address(from),
            address_to: address(to),
            parcels: parcels.map((p) => ({
              length: String(p.length),
              width: String(p.width),
              height: String(p.height),
              distance_unit: p.distanceUnit,
              weight: String(p.weight),
              mass_unit: p.massUnit,
            })),
            async: false,
          });
          const rates = Array.isArray(shipment.rates) ? (shipment.rates as Json[]).map(rateOf) : [];
          const messages = Array.isArray(shipment.messages)
            ? (shipment.messages as Json[]).map((m) => ({ source: text(m.source), text: text(m.text) }))
            : [];
          return { rates, messages };
        },
        async getRate(rateId) {
          return rateOf(await call('GET', `/rates/${encodeURIComponent(rateId)}`));
        },
        async buyLabel(rateId, metadata) {
          return purchaseOf(
            await call('POST', '/transactions/', { rate: rateId, label_file_type: 'PDF', metadata: metadata.slice(0, 100), async: false }),
          );
        },
        async findPurchases(rateId) {
          const page = await call('GET', `/transactions/?rate=${encodeURIComponent(rateId)}&results=25`);
          return Array.isArray(page.results) ? (page.results as Json[]).map(purchaseOf) : [];
        },
        async refundLabel(purchaseId) {
          const refund = await call('POST', '/refunds/', { transaction: purchaseId, async: false });
          return { id: text(refund.object_id), status: text(refund.status) as RefundStatus };
        },
        async getRefund(refundId) {
          const refund = await call('GET', `/refunds/${encodeURIComponent(refundId)}`);
          return { id: text(refund.object_id), status: text(refund.status) as RefundStatus };
        },
        async downloadLabel(url) {
          let response: Response;
          try {
            // Label files are served from the provider's file host, without the API key.
            response = await fetch(url, { signal: AbortSignal.timeout(SHIPPING_TIMEOUT_MS) });
          } catch (error) {
            throw new ShippingProviderError(`Could not download the label: ${error instanceof Error ? error.message : String(error)}`);
          }
          if (!response.ok) throw new ShippingProviderError(`Could not download the label: ${response.status}`, response.status);
          return {
            body: Buffer.from(await response.arrayBuffer()),
            contentType: response.headers.get('content-type') ?? 'application/pdf',
          };
        },
      };
    },
  };
}
