import { describe, expect, it } from 'vitest';
import { buildEndpointRequest } from './endpoint-request.ts';

describe('buildEndpointRequest', () => {
  it('is a GET without body by default, with the query fields that have a value', () => {
    const request = buildEndpointRequest({ path: 'store/registration', query: ['store', 'page', 'empty'], body: ['store'] }, {
      store: 'demo',
      page: 2,
      empty: '',
    });
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
