import { describe, expect, it } from 'vitest';
import { namesOf } from './vendor-names.ts';

describe('namesOf', () => {
  it('reads the admin vendors page: vendors with accounts and those without, sorted, once each', () => {
    expect(
      namesOf({
        applications: [{ vendorName: 'Applicant' }],
        vendors: [{ name: 'Vendor Two' }, { name: 'Vendor One' }],
        vendorsWithoutAccount: ['Old Shop', 'Vendor One'],
      }),
    ).toEqual(['Old Shop', 'Vendor One', 'Vendor Two']);
  });

  it('reads a bare list of names or of objects', () => {
    expect(namesOf(['B', { name: 'A' }, { id: 1 }, ''])).toEqual(['A', 'B']);
  });

  it('is empty for anything else', () => {
    expect(namesOf(null)).toEqual([]);
    expect(namesOf('Not found')).toEqual([]);
    expect(namesOf({ message: 'Not found' })).toEqual([]);
  });
});
