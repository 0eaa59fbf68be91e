import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '#shared/schemas/products';
import { i18next } from '#web/i18n/index.ts';
import type { ProductLog } from './api/product-logs.ts';

// The log as GET logs/product/{productId} answers it.
const api = vi.hoisted(() => ({ logs: [] as ProductLog[] }));
vi.mock('./api/product-logs.ts', () => ({ useProductLogs: () => ({ data: api.logs, isLoading: false, error: undefined }) }));

const { ChangeLogTab } = await import('./change-log-tab.tsx');

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['products']);
});

const product = { id: 'p1', variants: [{ id: 'v1', options: ['S'] }] } as unknown as ProductDetail;
const log = (changes: ProductLog['changes'], action = 'update'): ProductLog => ({
  id: action,
  action,
  email: 'admin@demo.test',
  note: null,
  changes,
  createdAt: '2026-05-12T10:04:00Z',
});

const rowOf = (label: string) =>
  within(screen.getByRole('rowheader', { name: label }).closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe("the product's change log", () => {
  it('says what changed in words: field names, yes/no, statuses, texts without markup; never JSON', () => {
    api.logs = [
      log({ approved: { before: false, after: true } }, 'approve'),
      log({
        seo: { before: { title: '', description: 'x' }, after: { title: 'Blue mug', description: 'x' } },
        status: { before: 'DRAFT', after: 'ACTIVE' },
        bodyHtml: { before: '<p>Old</p>', after: '<p>A <b>new</b> text</p>' },
        options: { before: [], after: [{ name: 'Size', values: ['S', 'M'] }] },
        'variants.v1': { before: { price: '10.00', trackStock: false }, after: { price: '12.00', trackStock: true } },
        'nl.title': { before: null, after: 'Blauwe mok' },
      }),
    ];
    render(<ChangeLogTab product={product} />);
    expect(rowOf('Approved')).toEqual(['No', '→ Yes']);
    expect(rowOf('SEO · Title')).toEqual(['—', '→ Blue mug']);
    expect(rowOf('Status')).toEqual(['Draft', '→ Active']);
    expect(rowOf('Description')).toEqual(['Old', '→ A new text']);
    expect(rowOf('Options')).toEqual(['—', '→ Size: S, M']);
    expect(rowOf('Variant S · Price')).toEqual(['10.00', '→ 12.00']);
    expect(rowOf('Variant S · Track stock')).toEqual(['No', '→ Yes']);
    expect(rowOf('Title (Dutch)')).toEqual(['—', '→ Blauwe mok']);
    expect(document.body.textContent).not.toMatch(/[{}"]|false|true/);
  });

  it('names a removed variant by its options or SKU, never by its id', () => {
    api.logs = [
      log({
        'variants.0b7f3c2e-9d41-4a57-b1c0-5e2f8a9d6c13': { before: { options: ['XL', 'Blue'], price: '10.00' }, after: null },
        'variants.5c1d9e7a-2b3f-4c8d-9e0a-1f2b3c4d5e6f': { before: { options: [], sku: 'MUG-OLD', price: '8.00' }, after: null },
        'variants.9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d.price': { before: '5.00', after: '6.00' },
      }),
    ];
    render(<ChangeLogTab product={product} />);
    expect(rowOf('Variant XL / Blue · Price')).toEqual(['10.00', '→ —']);
    expect(rowOf('Variant MUG-OLD · SKU')).toEqual(['MUG-OLD', '→ —']);
    expect(rowOf('Variant (removed) · Price')).toEqual(['5.00', '→ 6.00']);
    expect(document.body.textContent).not.toMatch(/0b7f3c2e|5c1d9e7a|9a8b7c6d/);
  });
});
