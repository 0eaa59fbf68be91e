import { MARKETPLACE_COLUMNS } from '#shared/csv-columns';

/**
 * Our import format, in the header names the import reads. The
 * vendor column is for admins in the marketplace view: a vendor's rows are its own, and a vendor
 * that fills it in gets "Only an admin can set the vendor".
 */
export function templateColumns(withVendor: boolean): string[] {
  return MARKETPLACE_COLUMNS.filter((column) => withVendor || column !== 'vendor');
}

const EXAMPLE_ROWS: Record<string, string>[] = [
  {
    sku: 'TSHIRT-S',
    vendor: 'Your vendor',
    price: '19.99',
    'compare price': '24.99',
    weight: '0.2',
    'weight unit': 'KILOGRAMS',
    stock: '10',
    title: 'Organic T-shirt',
    images: 'https://example.com/tshirt-front.jpg https://example.com/tshirt-back.jpg',
    description: '<p>Soft organic cotton.</p>',
    'option1 name': 'Size',
    'option1 value': 'S',
  },
  {
    sku: 'TSHIRT-M',
    vendor: 'Your vendor',
    price: '19.99',
    'compare price': '24.99',
    weight: '0.2',
    'weight unit': 'KILOGRAMS',
    stock: 'Untracked',
    title: 'Organic T-shirt',
    'option1 name': 'Size',
    'option1 value': 'M',
  },
];

/** One CSV cell: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The template: the header and two rows of one product with two sizes. */
export function templateCsv(withVendor: boolean): string {
  const columns = templateColumns(withVendor);
  const lines = [columns, ...EXAMPLE_ROWS.map((row) => columns.map((column) => row[column] ?? ''))];
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
