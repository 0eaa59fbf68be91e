import { describe, expect, it } from 'vitest';
import { CommissionLinesSchema, MarketplaceCommissionsSchema, VendorCommissionLinesSchema } from './commissions.ts';

/** A line as sent: amount text. */
const line = (min: number, max: number | null, percentage = 10, flat = 0) => ({
  min: String(min),
  max: max === null ? null : String(max),
  flat: String(flat),
  percentage,
});

/** The issues of a parse as "path: message". */
function problems(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error!.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}

describe('CommissionLinesSchema', () => {
  it('accepts contiguous lines from 0 to an open end, in any order, with constrained lines anywhere', () => {
    expect(problems(CommissionLinesSchema, [line(0, null)])).toEqual([]);
    expect(problems(CommissionLinesSchema, [line(100, 500), line(0, 100), line(500, null, 5, 1.5)])).toEqual([]);
    expect(
      problems(CommissionLinesSchema, [line(0, null), { ...line(20, 50, 3), constraint: { key: 'productType', value: 'Shoes' } }]),
    ).toEqual([]);
    // An absent max is open-ended too.
    expect(problems(CommissionLinesSchema, [{ min: '0', flat: '0', percentage: 0 }])).toEqual([]);
  });

  it('gives the spec messages for a gap at the start, between lines and at the top', () => {
    expect(problems(CommissionLinesSchema, [line(10, null)])).toEqual(['0.min: There should not be a gap between $0 and $10']);
    expect(problems(CommissionLinesSchema, [line(0, 100), line(200, null)])).toEqual([
      '1.min: There should not be a gap between $100 and $200',
    ]);
    expect(problems(CommissionLinesSchema, [line(0, 100), line(100, 250.5)])).toEqual([
      '1.max: There should not be a gap between $250.5 and above',
    ]);
  });

  it('gives the spec message for an overlap, on the line that overlaps', () => {
    expect(problems(CommissionLinesSchema, [line(0, 100), line(50, null)])).toEqual([
      '1.min: There should not be an overlap between $50 and $100',
    ]);
    expect(problems(CommissionLinesSchema, [line(0, null), line(50, 80)])).toEqual([
      '1.min: There should not be an overlap between $50 and $80',
    ]);
    expect(problems(CommissionLinesSchema, [line(0, null), line(0, null)])).toEqual([
      '1.min: There should not be an overlap between $0 and above',
    ]);
  });

  it('needs at least one line without a condition', () => {
    expect(problems(CommissionLinesSchema, [])).toEqual([': At least one commission line must have no condition']);
    expect(problems(CommissionLinesSchema, [{ ...line(0, null), constraint: { key: 'tag', value: 'sale' } }])).toEqual([
      ': At least one commission line must have no condition',
    ]);
  });

  it('checks each field with the spec wording, under the field', () => {
    expect(problems(CommissionLinesSchema, [line(-1, null)])).toEqual(['0.min: should be greater than 0']);
    expect(problems(CommissionLinesSchema, [line(0, 100), line(100, 50)])).toEqual(['1.max: should be greater than 100']);
    expect(problems(CommissionLinesSchema, [line(0, null, 10, -2)])).toEqual(['0.flat: should be greater than 0']);
    expect(problems(CommissionLinesSchema, [line(0, null, 100.5)])).toEqual(['0.percentage: should be less than 100']);
    expect(problems(CommissionLinesSchema, [line(0, null, -1)])).toEqual(['0.percentage: should be greater than 0']);
    expect(problems(CommissionLinesSchema, [{ min: '0', max: null, flat: 5, percentage: 10 }])).toEqual([
      '0.flat: Must be an amount like 12.50',
    ]);
    expect(problems(CommissionLinesSchema, [{ min: '0', max: null, flat: '5,50', percentage: 10 }])).toEqual([
      '0.flat: Must be an amount like 12.50',
    ]);
    expect(problems(CommissionLinesSchema, [{ min: '0', max: null, percentage: 10 }])).toEqual(['0.flat: Required field']);
    expect(problems(CommissionLinesSchema, [{ ...line(0, null), constraint: { key: 'tag', value: ' ' } }, line(0, null)])).toEqual([
      '0.constraint.value: Required field',
    ]);
  });

  it('keeps the paths of the body it is used in, for forms', () => {
    expect(problems(MarketplaceCommissionsSchema, { commissions: [line(0, 100), line(150, null)] })).toEqual([
      'commissions.1.min: There should not be a gap between $100 and $150',
    ]);
    expect(problems(MarketplaceCommissionsSchema, {})).toEqual(['commissions: Required field']);
  });
});

describe('VendorCommissionLinesSchema', () => {
  it('accepts null or no lines (back to the marketplace lines) and checks lines like the marketplace ones', () => {
    expect(VendorCommissionLinesSchema.parse(null)).toBeNull();
    expect(VendorCommissionLinesSchema.parse([])).toEqual([]);
    expect(problems(VendorCommissionLinesSchema, [line(0, 100)])).toEqual(['0.max: There should not be a gap between $100 and above']);
  });
});
