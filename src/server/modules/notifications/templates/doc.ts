import { SAMPLE } from './samples.ts';
import { layout, lineItemsTable } from './layout.ts';
import { v, type TemplateDefinition } from './types.ts';

const order = {
  order_name: v('the order number', SAMPLE.orderName),
  order_date: v('the day the order was placed', SAMPLE.orderDate),
  line_items: v('the lines: title, sku, quantity, price (formatted)', SAMPLE.lineItems),
};
const address = (label: string) =>
  `<p><strong>${label}</strong><br>{{ address.name }}<br>{{ address.street1 }}<br>{{ address.zip }} {{ address.city }}<br>{{ address.country }}</p>`;

/** Documents (invoices, packing slip): the HTML is the document, mailed or turned into a PDF. */
export const DOC_TEMPLATES = {
  'doc-customer-invoice': {
    description: "The buyer's invoice of an order.",
    subject: 'Invoice for order {{ order_name }}',
    variables: {
      ...order,
      address: v('the billing address: name, street1, city, zip, country', SAMPLE.address),
      subtotal: v('the sum of the lines (formatted)', '€66.50'),
      shipping: v('shipping (formatted)', '€5.00'),
      tax: v('tax (formatted)', '€12.42'),
      total: v('the amount paid (formatted)', '€71.50'),
    },
    html: layout(`<h3>Invoice {{ order_name }}</h3>
  <p>Date: {{ order_date }}</p>
  ${address('Billed to')}
  ${lineItemsTable}
  <p style="text-align:right">Subtotal: {{ subtotal }}<br>Shipping: {{ shipping }}<br>Tax: {{ tax }}<br><strong>Total: {{ total }}</strong></p>`),
  },
  'doc-packing-slip': {
    description: "The packing slip a vendor puts in the parcel.",
    subject: 'Packing slip for order {{ order_name }}',
    variables: {
      ...order,
      vendor: v('the vendor name', SAMPLE.vendor),
      address: v('the shipping address: name, street1, city, zip, country', SAMPLE.address),
    },
    html: layout(`<h3>Packing slip {{ order_name }}</h3>
  <p>From {{ vendor }}, order of {{ order_date }}</p>
  ${address('Ship to')}
  <table style="width:100%;border-collapse:collapse" cellpadding="6">
    <tr style="text-align:left;border-bottom:1px solid #e5e7eb"><th>Item</th><th>SKU</th><th>Qty</th></tr>
    {% for item in line_items %}<tr><td>{{ item.title }}</td><td>{{ item.sku }}</td><td>{{ item.quantity }}</td></tr>
    {% endfor %}</table>`),
  },
  'doc-vendor-invoice': {
    description: "The marketplace's invoice to a vendor: its sales of an order and the commission.",
    subject: 'Commission invoice for order {{ order_name }}',
    variables: {
      ...order,
      vendor: v('the vendor name', SAMPLE.vendor),
      sales: v("the vendor's sales (formatted)", '€66.50'),
      commission: v('the commission charged (formatted)', '€6.65'),
      payout: v('what the vendor receives (formatted)', '€59.85'),
    },
    html: layout(`<h3>Invoice to {{ vendor }} for order {{ order_name }}</h3>
  <p>Date: {{ order_date }}</p>
  ${lineItemsTable}
  <p style="text-align:right">Sales: {{ sales }}<br>Commission: {{ commission }}<br><strong>Payout: {{ payout }}</strong></p>`),
  },
} satisfies Record<string, TemplateDefinition>;
