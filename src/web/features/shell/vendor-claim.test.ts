import { describe, expect, it } from 'vitest';
import { vendorClaimFor } from './vendor-claim.ts';

const names = ['Vendor One', 'Vendor Two'];

describe('vendorClaimFor', () => {
  it('is * for the "all vendors" entry or a typed *', () => {
    expect(vendorClaimFor('All vendors', 'All vendors', names)).toBe('*');
    expect(vendorClaimFor(' all VENDORS ', 'All vendors', names)).toBe('*');
    expect(vendorClaimFor('*', 'All vendors', names)).toBe('*');
  });

  it('takes a known vendor in its stored spelling', () => {
    expect(vendorClaimFor('vendor one ', 'All vendors', names)).toBe('Vendor One');
  });

  it('passes any other text on, trimmed, for the server to check', () => {
    expect(vendorClaimFor('  New Shop ', 'All vendors', names)).toBe('New Shop');
  });

  it('prefers a vendor really named like the "all" entry', () => {
    expect(vendorClaimFor('All vendors', 'All vendors', ['All vendors'])).toBe('All vendors');
  });

  it('is null for empty input', () => {
    expect(vendorClaimFor('   ', 'All vendors', names)).toBeNull();
  });
});
