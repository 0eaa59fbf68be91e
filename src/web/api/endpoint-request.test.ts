import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildEndpointRequest } from './endpoint-request.ts';

describe('buildEndpointRequest', () => {
  it('is a GET without body by default, with the query fields that have a value', () => {
    const request = buildEndpointRequest(
      { path: 'store/registration', query: ['store', 'page', 'empty'], body: ['store'] },
      {
        store: 'demo',
        page: 2,
        empty: '',
      },
    );
    expect(request.method).toBe('GET');
    expect(request.path).toBe('store/registration');
    expect(request.searchParams.toString()).toBe('store=demo&page=2');
    expect(request.json).toBeUndefined();
  });

  it('fills {param} placeholders URL-encoded and drops a leading slash', () => {
    const request = buildEndpointRequest({ path: '/logo/{store}/{name}', pathParams: ['store', 'name'] }, { store: 'a b', name: 'x/y?' });
    expect(request.path).toBe('logo/a%20b/x%2Fy%3F');
  });

  it('sends the body fields as JSON for other methods, leaving out undefined ones', () => {
    const request = buildEndpointRequest(
      { method: 'POST', path: 'vendor/application', query: ['store'], body: ['vendorName', 'email', 'fields', 'missing'] },
      { store: 'demo', vendorName: 'Shop', email: 'a@b.test', fields: [], other: 'ignored' },
    );
    expect(request.method).toBe('POST');
    expect(request.searchParams.toString()).toBe('store=demo');
    expect(request.json).toEqual({ vendorName: 'Shop', email: 'a@b.test', fields: [] });
  });
});

describe('an endpoint built from its shared request schema', () => {
  const Save = z.strictObject({ name: z.string(), tags: z.array(z.string()) });
  it('sends the schema’s fields as the body, less the path’s, and nothing else', () => {
    const request = buildEndpointRequest(
      { method: 'PUT', path: 'things/{id}', pathParams: ['id'], request: Save.extend({ id: z.string() }) },
      { id: 'a b', name: 'N', tags: [], extra: 1 },
    );
    expect(request.path).toBe('things/a%20b');
    expect(request.json).toEqual({ name: 'N', tags: [] });
  });

  it('sends a GET’s schema fields as the query', () => {
    const request = buildEndpointRequest(
      { path: 'things', request: z.object({ q: z.string().optional(), page: z.number() }) },
      { q: 'x', page: 2 },
    );
    expect(request.searchParams.toString()).toBe('q=x&page=2');
    expect(request.json).toBeUndefined();
  });

  it('sends the schema’s fields in the query when the call names them there (a route that reads only its query)', () => {
    const Filters = z.strictObject({ provider: z.enum(['stripe', 'paypal']).optional(), q: z.string().optional() });
    const request = buildEndpointRequest(
      { method: 'DELETE', path: 'things', request: Filters, query: ['provider', 'q'] },
      { provider: 'stripe' },
    );
    expect(request.searchParams.toString()).toBe('provider=stripe');
    expect(request.json).toEqual({});
  });

  it('sends the whole input when the schema takes any key (a loose object)', () => {
    const request = buildEndpointRequest(
      { method: 'POST', path: 'things', request: z.object({ id: z.string().optional() }).loose() },
      { key: 'k', name: 'N' },
    );
    expect(request.json).toEqual({ key: 'k', name: 'N' });
  });
});
