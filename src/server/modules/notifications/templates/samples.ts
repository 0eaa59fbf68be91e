import { sampleMoney } from './types.ts';

/** Sample values shared by several templates' previews, so they read as one marketplace. */
export const SAMPLE = {
  vendor: 'Green Pottery',
  vendorEmail: 'hello@greenpottery.example',
  adminLink: 'https://marketplace.example/app',
  orderName: '#1042',
  orderDate: '2025-03-14',
  product: 'Handmade ceramic mug',
  lineItems: [
    { title: 'Handmade ceramic mug', sku: 'MUG-01', quantity: 2, price: sampleMoney(2400) },
    { title: 'Glazed bowl', sku: 'BWL-03', quantity: 1, price: sampleMoney(1850) },
  ],
  address: { name: 'Alex Buyer', street1: '12 Canal Street', city: 'Amsterdam', zip: '1012 AB', country: 'NL' },
} as const;
