import { SAMPLE } from './samples.ts';
import { sampleMoney, v, type TemplateDefinition } from './types.ts';

/**
 * Documents (invoices, packing slip): the HTML is the document, laid out as a PDF by
 * modules/documents/html-to-pdf.ts, which reads headings, paragraphs, bold and small text, tables,
 * lists, rules and the logo image; colours are left out, a document prints black on white.
 */

const SELLER = { name: SAMPLE.vendor, company: '', street1: '3 Potter Lane', street2: '', zip: '3511 AB', city: 'Utrecht', state: '', province: '', country: 'NL', email: SAMPLE.vendorEmail, phone: '+31 30 123 4567' };
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

/** A postal address block of a variable with name, street1, street2, zip, city, province/state and country. */
const address = (label: string, name: string) => `<p><strong>${label}</strong><br>{{ ${name}.name }}{% if ${name}.company != blank %}<br>{{ ${name}.company }}{% endif %}<br>{{ ${name}.street1 }}{% if ${name}.street2 != blank %}<br>{{ ${name}.street2 }}{% endif %}<br>{{ ${name}.zip }} {{ ${name}.city }}{% if ${name}.province != blank %} {{ ${name}.province }}{% endif %}{% if ${name}.state != blank %} {{ ${name}.state }}{% endif %}<br>{{ ${name}.country }}</p>`;

const header = (title: string) => `{% if logo != blank %}<img src="{{ logo }}" style="height:48px">{% endif %}
<h1>${title}</h1>`;

export const DOC_TEMPLATES = {
  'doc-customer-invoice': {
    description: "The buyer's invoice of an order.",
    subject: 'Invoice {{ invoice_number }} for order {{ order_name }}',
    variables: {
      ...common,
      invoice_number: v('the invoice number', '1042-A3F9C2'),
      invoice_date: v('the date of the invoice', SAMPLE.orderDate),
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
<table>
  <tr><td>${address('Sold by', 'seller')}<p>{{ seller.email }}<br>{{ seller.phone }}</p></td><td>${address('Billed to', 'billing_address')}{% if customer_email != blank %}<p>{{ customer_email }}</p>{% endif %}</td></tr>
</table>
<table>
  <tr><th>Item</th><th>Qty</th><th style="text-align:right">Price</th><th style="text-align:right">Tax</th><th style="text-align:right">Total</th></tr>
  {% for item in line_items %}<tr><td>{{ item.title }}{% if item.sku != blank %} <small>({{ item.sku }})</small>{% endif %}</td><td>{{ item.quantity }}</td><td style="text-align:right">{{ item.price }}</td><td style="text-align:right">{{ item.tax }}</td><td style="text-align:right">{{ item.total }}</td></tr>
  {% endfor %}
</table>
<p style="text-align:right">Subtotal: {{ subtotal }}<br>Discount: {{ discount }}<br>Shipping: {{ shipping }}<br>Tax: {{ tax }}<br><strong>Total: {{ total }}</strong></p>
<p><small>{{ shop_name }}</small></p>`,
  },
  'doc-packing-slip': {
    description: 'The packing slip a vendor puts in the parcel.',
    subject: 'Packing slip for order {{ order_name }}',
    variables: { ...common },
    html: `${header('Packing slip {{ order_name }}')}
<p>Order of {{ order_date }}</p>
<table>
  <tr><td>${address('From', 'seller')}</td><td>${address('Ship to', 'shipping_address')}</td></tr>
</table>
<table>
  <tr><th>Item</th><th>SKU</th><th style="text-align:right">Qty</th></tr>
  {% for item in line_items %}<tr><td>{{ item.title }}</td><td>{{ item.sku }}</td><td style="text-align:right">{{ item.quantity }}</td></tr>
  {% endfor %}
</table>
<p><small>{{ shop_name }}</small></p>`,
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
      marketplace_address: v("the marketplace's address (its ship-from address): name, street1, street2, zip, city, state, country", { ...SELLER, name: 'Demo Marketplace' }),
      orders: v('the orders the payout settles: order_name, order_date, sales, commission, payout (formatted)', [
        { order_name: '#1042', order_date: '2025-03-14', sales: sampleMoney(6650), commission: sampleMoney(665), payout: sampleMoney(5985) },
      ]),
      sales: v("the vendor's sales of these orders (formatted)", sampleMoney(6650)),
      commission: v('the commission charged (formatted)', sampleMoney(665)),
      payout: v('what the vendor was paid (formatted)', sampleMoney(5985)),
    },
    html: `${header('Commission invoice {{ invoice_number }}')}
<p>Date: {{ invoice_date }}</p>
<table>
  <tr><td>${address('From', 'marketplace_address')}</td><td>${address('To', 'vendor_address')}</td></tr>
</table>
<table>
  <tr><th>Order</th><th>Date</th><th style="text-align:right">Sales</th><th style="text-align:right">Commission</th><th style="text-align:right">Paid</th></tr>
  {% for order in orders %}<tr><td>{{ order.order_name }}</td><td>{{ order.order_date }}</td><td style="text-align:right">{{ order.sales }}</td><td style="text-align:right">{{ order.commission }}</td><td style="text-align:right">{{ order.payout }}</td></tr>
  {% endfor %}
</table>
<p style="text-align:right">Sales: {{ sales }}<br><strong>Commission: {{ commission }}</strong><br>Paid to {{ vendor }}: {{ payout }}</p>
<p><small>{{ shop_name }}</small></p>`,
  },
} satisfies Record<string, TemplateDefinition>;
