import { describe, expect, it } from 'vitest';
import { isFreshTimestamp, queryHmacMessage, signQuery, verifyQueryHmac } from './query-hmac.ts';
import { verifyWebhookHmac, webhookHmac } from './webhook-hmac.ts';

const VECTOR = {
  secret: 'hush',
  message: 'code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173',
  hmac: '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
};
const entries = (query: string) => [...new URLSearchParams(query).entries()];

describe('OAuth query HMAC', () => {
  it('signs the published test vector', () => {
    expect(signQuery(VECTOR.secret, entries(VECTOR.message))).toBe(VECTOR.hmac);
  });

  it('drops hmac and signature and sorts the keys, whatever order they arrive in', () => {
    const shuffled = `timestamp=1337178173&hmac=${VECTOR.hmac}&state=0.6784241404160823&signature=x&shop=some-shop.myshopify.com&code=0907a61c0c8d55e99db179b68161bc00`;
    expect(queryHmacMessage(entries(shuffled))).toBe(VECTOR.message);
    expect(verifyQueryHmac(VECTOR.secret, entries(shuffled))).toBe(true);
  });

  it('accepts the hmac in upper case hex but refuses a changed value, a wrong secret, no secret and two hmacs', () => {
    const query = `${VECTOR.message}&hmac=${VECTOR.hmac}`;
    expect(verifyQueryHmac(VECTOR.secret, entries(`${VECTOR.message}&hmac=${VECTOR.hmac.toUpperCase()}`))).toBe(true);
    expect(verifyQueryHmac(VECTOR.secret, entries(query.replace('some-shop', 'evil-shop')))).toBe(false);
    expect(verifyQueryHmac('other', entries(query))).toBe(false);
    expect(verifyQueryHmac('', entries(query))).toBe(false);
    expect(verifyQueryHmac(VECTOR.secret, entries(`${query}&hmac=${VECTOR.hmac}`))).toBe(false);
    expect(verifyQueryHmac(VECTOR.secret, entries(VECTOR.message))).toBe(false);
  });

  it('form-encodes values such as a base64 host ending in "="', () => {
    expect(
      queryHmacMessage([
        ['shop', 'a.myshopify.com'],
        ['host', 'YWRtaW4='],
      ]),
    ).toBe('host=YWRtaW4%3D&shop=a.myshopify.com');
  });

  it('takes a timestamp within 90 seconds of the injected clock, either way', () => {
    const now = new Date(1337178173 * 1000);
    expect(isFreshTimestamp('1337178173', now)).toBe(true);
    expect(isFreshTimestamp(1337178173 - 90, now)).toBe(true);
    expect(isFreshTimestamp(1337178173 + 90, now)).toBe(true);
    expect(isFreshTimestamp(1337178173 - 91, now)).toBe(false);
    expect(isFreshTimestamp(1337178173 + 91, now)).toBe(false);
    expect(isFreshTimestamp('soon', now)).toBe(false);
  });
});

describe('webhook HMAC', () => {
  const body = '{"id":820982911946154508}';
  const signature = 'qBvrsZF7RfB1iS6BX6IHqJTp5L911P7intnPeTPsH0I=';

  it('signs the published test vector (base64 of the raw body)', () => {
    expect(webhookHmac('hush', body)).toBe(signature);
    expect(webhookHmac('hush', Buffer.from(body))).toBe(signature);
  });

  it('verifies the raw bytes only: re-serialised JSON, another secret or a missing header fail', () => {
    expect(verifyWebhookHmac('hush', body, signature)).toBe(true);
    expect(verifyWebhookHmac('hush', '{ "id": 820982911946154508 }', signature)).toBe(false);
    expect(verifyWebhookHmac('other', body, signature)).toBe(false);
    expect(verifyWebhookHmac('hush', body, undefined)).toBe(false);
    expect(verifyWebhookHmac('', body, signature)).toBe(false);
  });
});
