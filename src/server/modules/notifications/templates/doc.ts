import { SAMPLE } from './samples.ts';
import { sampleMoney, v, type TemplateDefinition } from './types.ts';

/**
 * Documents (invoices, packing slip): the HTML is the document, printed as a PDF by Chromium
 * (modules/documents), so any HTML and CSS the preview shows prints the same; `@page` sets the
 * paper. The logo comes as a data: URL; nothing else is loaded (no web fonts, no remote images).
 */

const SELLER = {
  name: SAMPLE.vendor,
  company: '',
  street1: '3 Potter Lane',
  street2: '',
  zip: '3511 AB',
  city: 'Utrecht',
  state: '',
  province: '',
  country: 'NL',
  email: SAMPLE.vendorEmail,
  phone: '+31 30 123 4567',
};
const BUYER = { ...SAMPLE.address, company: '', street2: '', province: '', state: '' };
const LINES = [
  { title: 'Handmade ceramic mug', sku: 'MUG-01', quantity: 2, price: sampleMoney(2400), tax: sampleMoney(1008), total: sampleMoney(4800) },
  { title: 'Glazed bowl', sku: 'BWL-03', quantity: 1, price: sampleMoney(1850), tax: sampleMoney(389), total: sampleMoney(1850) },
];

const common = {
  logo: v("the marketplace's logo as an image (empty when it has none)", ''),
  order_name: v('the order number', SAMPLE.orderName),
  order_date: v('the day the order was placed', SAMPLE.orderDate),
  seller: v("the seller's name and address: name, street1, street2, zip, city, state, country, email, phone", SELLER),
  shipping_address: v("the buyer's shipping address: name, company, street1, street2, zip, city, province, country", BUYER),
  line_items: v('the lines: title, sku, quantity, price, tax and total (formatted)', LINES),
};

/** A postal address block of a variable with name, company, street1, street2, zip, city, province/state and country: one line each. */
const address = (label: string, name: string) =>
  `<h2>${label}</h2><address><div>{{ ${name}.name }}</div>{% if ${name}.company != blank %}<div>{{ ${name}.company }}</div>{% endif %}<div>{{ ${name}.street1 }}</div>{% if ${name}.street2 != blank %}<div>{{ ${name}.street2 }}</div>{% endif %}<div>{{ ${name}.zip }} {{ ${name}.city }}{% if ${name}.province != blank %} {{ ${name}.province }}{% endif %}{% if ${name}.state != blank %} {{ ${name}.state }}{% endif %}</div><div>{{ ${name}.country }}</div></address>`;

/** The documents' look: A4, one type face, two address columns, ruled lines, totals right-aligned in rows of their own. */
const STYLE = `<style>
@page { size: A4; margin: 16mm; }
body { margin: 0; font-family: "Liberation Sans", Arial, Helvetica, sans-serif; font-size: 10pt; line-height: 1.4; color: #111827; }
.logo { height: 48px; margin-bottom: 4mm; }
h1 { font-size: 18pt; margin: 0 0 2mm; }
h2 { font-size: 9pt; color: #4b5563; margin: 0 0 1mm; }
p { margin: 0 0 4mm; }
address { font-style: normal; }
table { width: 100%; border-collapse: collapse; margin: 0 0 6mm; }
th, td { padding: 1.5mm 2mm; text-align: left; vertical-align: top; }
.parties td { width: 50%; padding: 0 4mm 0 0; }
.lines th { border-bottom: 1px solid #6b7280; font-size: 9pt; }
.lines td { border-bottom: 1px solid #e5e7eb; }
.num { text-align: right; white-space: nowrap; }
.totals { width: auto; margin-left: auto; min-width: 45%; }
.totals td { padding: 1mm 2mm; }
.totals .grand td { font-weight: bold; border-top: 1px solid #111827; }
.footer { color: #6b7280; font-size: 8.5pt; }
</style>
`;

/** One row of the totals: its label and amount, a line of its own. */
const total = (label: string, value: string, grand = false) =>
  `<tr${grand ? ' class="grand"' : ''}><td>${label}</td><td class="num">${value}</td></tr>`;

const header = (title: string) => `${STYLE}{% if logo != blank %}<img class="logo" src="{{ logo }}" alt="{{ shop_name }}">{% endif %}
<h1>${title}</h1>`;

export const DOC_TEMPLATES = {
  'doc-customer-invoice': {
    description: "The buyer's invoice of an order.",
    subject: 'Invoice {{ invoice_number }} for order {{ order_name }}',
    variables: {
      ...common,
      invoice_number: v('the invoice number', '1042-A3F9C2'),
      invoice_date: v('the day the invoice was issued (its first download; every later copy keeps it)', SAMPLE.orderDate),
      billing_address: v("the buyer's billing address (the shipping address when none was given)", BUYER),
      customer_email: v("the buyer's e-mail address (empty when hidden from vendors)", 'alex@buyer.example'),
      subtotal: v('the sum of the lines (formatted)', sampleMoney(6650)),
      discount: v('the discount (formatted)', sampleMoney(0)),
      shipping: v('shipping (formatted)', sampleMoney(500)),
      tax: v('tax (formatted)', sampleMoney(1397)),
      total: v('the amount paid (formatted)', sampleMoney(8547)),
    },
    html: `${header('Invoice {{ invoice_number }}')}
<p>Invoice date: {{ invoice_date }}<br>Order {{ order_name }} of {{ order_date }}</p>
<table class="parties">
  <tr><td>${address('Sold by', 'seller')}<div>{{ seller.email }}</div><div>{{ seller.phone }}</div></td><td>${address('Billed to', 'billing_address')}{% if customer_email != blank %}<div>{{ customer_email }}</div>{% endif %}</td></tr>
</table>
<table class="lines">
  <tr><th>Item</th><th class="num">Qty</th><th class="num">Price</th><th class="num">Tax</th><th class="num">Total</th></tr>
  {% for item in line_items %}<tr><td>{{ item.title }}{% if item.sku != blank %} <small>({{ item.sku }})</small>{% endif %}</td><td class="num">{{ item.quantity }}</td><td class="num">{{ item.price }}</td><td class="num">{{ item.tax }}</td><td class="num">{{ item.total }}</td></tr>
  {% endfor %}
</table>
<table class="totals">
  ${total('Subtotal', '{{ subtotal }}')}
  ${total('Discount', '{{ discount }}')}
  ${total('Shipping', '{{ shipping }}')}
  ${total('Tax', '{{ tax }}')}
  ${total('Total', '{{ total }}', true)}
</table>
<p class="footer">{{ shop_name }}</p>`,
  },
  'doc-packing-slip': {
    description: 'The packing slip a vendor puts in the parcel.',
    subject: 'Packing slip for order {{ order_name }}',
    variables: { ...common },
    html: `${header('Packing slip {{ order_name }}')}
<p>Order of {{ order_date }}</p>
<table class="parties">
  <tr><td>${address('From', 'seller')}</td><td>${address('Ship to', 'shipping_address')}</td></tr>
</table>
<table class="lines">
  <tr><th>Item</th><th>SKU</th><th class="num">Qty</th></tr>
  {% for item in line_items %}<tr><td>{{ item.title }}</td><td>{{ item.sku }}</td><td class="num">{{ item.quantity }}</td></tr>
  {% endfor %}
</table>
<p class="footer">{{ shop_name }}</p>`,
  },
  'doc-vendor-invoice': {
    description: "The marketplace's commission invoice to a vendor for a payout: the orders it settles, their sales and the commission.",
    subject: 'Commission invoice {{ invoice_number }}',
    variables: {
      logo: common.logo,
      invoice_number: v('the invoice number (from the payout)', 'P-7C1E09A2'),
      invoice_date: v('the day of the payout', SAMPLE.orderDate),
      vendor: v('the vendor name', SAMPLE.vendor),
      vendor_address: v("the vendor's address: name, street1, street2, zip, city, state, country", SELLER),
      marketplace_address: v("the marketplace's address (its ship-from address): name, street1, street2, zip, city, state, country", {
        ...SELLER,
        name: 'Demo Marketplace',
      }),
      orders: v('the orders the payout settles: order_name, order_date, sales, commission, payout (formatted)', [
        {
          order_name: '#1042',
          order_date: '2025-03-14',
          sales: sampleMoney(6650),
          commission: sampleMoney(665),
          payout: sampleMoney(5985),
        },
      ]),
      sales: v("the vendor's sales of these orders (formatted)", sampleMoney(6650)),
      commission: v('the commission charged (formatted)', sampleMoney(665)),
      payout: v('what the vendor was paid (formatted)', sampleMoney(5985)),
    },
    html: `${header('Commission invoice {{ invoice_number }}')}
<p>Date: {{ invoice_date }}</p>
<table class="parties">
  <tr><td>${address('From', 'marketplace_address')}</td><td>${address('To', 'vendor_address')}</td></tr>
</table>
<table class="lines">
  <tr><th>Order</th><th>Date</th><th class="num">Sales</th><th class="num">Commission</th><th class="num">Paid</th></tr>
  {% for order in orders %}<tr><td>{{ order.order_name }}</td><td>{{ order.order_date }}</td><td class="num">{{ order.sales }}</td><td class="num">{{ order.commission }}</td><td class="num">{{ order.payout }}</td></tr>
  {% endfor %}
</table>
<table class="totals">
  ${total('Sales', '{{ sales }}')}
  ${total('Commission', '{{ commission }}', true)}
  ${total('Paid to {{ vendor }}', '{{ payout }}')}
</table>
<p class="footer">{{ shop_name }}</p>`,
  },
} satisfies Record<string, TemplateDefinition>;
