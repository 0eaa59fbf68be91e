import { describe, expect, it } from 'vitest';
import { maskLinkToken, redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('hides the values of token, claim, code, state and hmac, whatever their case, and keeps the rest', () => {
    expect(redactUrl('/api/public/chat/events?token=abc.def&after=12')).toBe('/api/public/chat/events?token=[hidden]&after=12');
    expect(redactUrl('/api/auth/shopify/confirm?code=1&hmac=ff&shop=a.myshopify.com&State=x&timestamp=9')).toBe(
      '/api/auth/shopify/confirm?code=[hidden]&hmac=[hidden]&shop=a.myshopify.com&State=[hidden]&timestamp=9',
    );
    expect(redactUrl('https://m.example/x?claim=zz#frag')).toBe('https://m.example/x?claim=[hidden]#frag');
    expect(redactUrl('/x?%74oken=abc&codes=1&code')).toBe('/x?%74oken=[hidden]&codes=1&code');
  });

  it('leaves a URL without a query, or with a malformed escape in a name, as it was', () => {
    expect(redactUrl('/api/products-v2')).toBe('/api/products-v2');
    expect(redactUrl('/x?%E0%A4%A=1&token=t')).toBe('/x?%E0%A4%A=1&token=[hidden]');
  });
});

describe('maskLinkToken', () => {
  it("hides the token at the end of a link's path and its secret parameters", () => {
    expect(maskLinkToken('https://market.example/app/offer/eyJhbGciOi.abc')).toBe('https://market.example/app/offer/[hidden]');
    expect(maskLinkToken('https://market.example/app/chat/T0K3N?token=x&lang=nl')).toBe(
      'https://market.example/app/chat/[hidden]?token=[hidden]&lang=nl',
    );
  });
});
