import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell, templateColumns, templateCsv } from './template-csv.ts';

describe('the CSV template', () => {
  it('has our columns, the vendor column only for admins', () => {
    expect(templateColumns(false)).not.toContain('vendor');
    expect(templateColumns(true)).toContain('vendor');
    expect(templateColumns(true)).toHaveLength(17);
  });

  it('is a CSV the import reads: two sizes of one product', () => {
    const parsed = Papa.parse<Record<string, string>>(templateCsv(false), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(templateColumns(false));
    expect(parsed.data.map((row) => [row.sku, row.title, row['option1 value'], row.stock])).toEqual([
      ['TSHIRT-S', 'Organic T-shirt', 'S', '10'],
      ['TSHIRT-M', 'Organic T-shirt', 'M', 'Untracked'],
    ]);
  });

  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });
});
