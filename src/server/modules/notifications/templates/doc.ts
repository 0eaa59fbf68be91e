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

/** The languages a document prints in: its labels, and its dates and amounts as that language writes them. */
export const DOCUMENT_LANGUAGES = ['en', 'nl', 'de', 'fr', 'es'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

/** A document's words in one language; `{{ ... }}` are the template's variables. */
interface DocumentLabels {
  invoiceTitle: string;
  invoiceDate: string;
  orderOf: string;
  soldBy: string;
  billedTo: string;
  item: string;
  qty: string;
  price: string;
  tax: string;
  total: string;
  subtotal: string;
  discount: string;
  shipping: string;
  taxTotal: string;
  grandTotal: string;
  slipTitle: string;
  slipOrderOf: string;
  from: string;
  shipTo: string;
  sku: string;
  commissionTitle: string;
  date: string;
  to: string;
  order: string;
  sales: string;
  commission: string;
  paid: string;
  paidTo: string;
}

export const DOCUMENT_LABELS: Record<DocumentLanguage, DocumentLabels> = {
  en: {
    invoiceTitle: 'Invoice {{ invoice_number }}',
    invoiceDate: 'Invoice date: {{ invoice_date }}',
    orderOf: 'Order {{ order_name }} of {{ order_date }}',
    soldBy: 'Sold by',
    billedTo: 'Billed to',
    item: 'Item',
    qty: 'Qty',
    price: 'Price',
    tax: 'Tax',
    total: 'Total',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    taxTotal: 'Tax',
    grandTotal: 'Total',
    slipTitle: 'Packing slip {{ order_name }}',
    slipOrderOf: 'Order of {{ order_date }}',
    from: 'From',
    shipTo: 'Ship to',
    sku: 'SKU',
    commissionTitle: 'Commission invoice {{ invoice_number }}',
    date: 'Date',
    to: 'To',
    order: 'Order',
    sales: 'Sales',
    commission: 'Commission',
    paid: 'Paid',
    paidTo: 'Paid to {{ vendor }}',
  },
  nl: {
    invoiceTitle: 'Factuur {{ invoice_number }}',
    invoiceDate: 'Factuurdatum: {{ invoice_date }}',
    orderOf: 'Bestelling {{ order_name }} van {{ order_date }}',
    soldBy: 'Verkocht door',
    billedTo: 'Factuuradres',
    item: 'Artikel',
    qty: 'Aantal',
    price: 'Prijs',
    tax: 'Btw',
    total: 'Totaal',
    subtotal: 'Subtotaal',
    discount: 'Korting',
    shipping: 'Verzending',
    taxTotal: 'Btw',
    grandTotal: 'Totaal',
    slipTitle: 'Pakbon {{ order_name }}',
    slipOrderOf: 'Bestelling van {{ order_date }}',
    from: 'Afzender',
    shipTo: 'Verzenden naar',
    sku: 'Artikelnummer',
    commissionTitle: 'Commissiefactuur {{ invoice_number }}',
    date: 'Datum',
    to: 'Aan',
    order: 'Bestelling',
    sales: 'Omzet',
    commission: 'Commissie',
    paid: 'Uitbetaald',
    paidTo: 'Uitbetaald aan {{ vendor }}',
  },
  de: {
    invoiceTitle: 'Rechnung {{ invoice_number }}',
    invoiceDate: 'Rechnungsdatum: {{ invoice_date }}',
    orderOf: 'Bestellung {{ order_name }} vom {{ order_date }}',
    soldBy: 'Verkauft von',
    billedTo: 'Rechnungsempfänger',
    item: 'Artikel',
    qty: 'Menge',
    price: 'Preis',
    tax: 'MwSt.',
    total: 'Summe',
    subtotal: 'Zwischensumme',
    discount: 'Rabatt',
    shipping: 'Versandkosten',
    taxTotal: 'Mehrwertsteuer',
    grandTotal: 'Gesamtbetrag',
    slipTitle: 'Lieferschein {{ order_name }}',
    slipOrderOf: 'Bestellung vom {{ order_date }}',
    from: 'Absender',
    shipTo: 'Lieferanschrift',
    sku: 'Artikelnummer',
    commissionTitle: 'Provisionsrechnung {{ invoice_number }}',
    date: 'Datum',
    to: 'Empfänger',
    order: 'Bestellung',
    sales: 'Umsatz',
    commission: 'Provision',
    paid: 'Ausgezahlt',
    paidTo: 'Ausgezahlt an {{ vendor }}',
  },
  fr: {
    invoiceTitle: 'Facture {{ invoice_number }}',
    invoiceDate: 'Date de facture : {{ invoice_date }}',
    orderOf: 'Commande {{ order_name }} du {{ order_date }}',
    soldBy: 'Vendu par',
    billedTo: 'Facturé à',
    item: 'Article',
    qty: 'Qté',
    price: 'Prix',
    tax: 'TVA',
    total: 'Total',
    subtotal: 'Sous-total',
    discount: 'Remise',
    shipping: 'Livraison',
    taxTotal: 'TVA',
    grandTotal: 'Total',
    slipTitle: 'Bon de livraison {{ order_name }}',
    slipOrderOf: 'Commande du {{ order_date }}',
    from: 'Expéditeur',
    shipTo: 'Livrer à',
    sku: 'Référence',
    commissionTitle: 'Facture de commission {{ invoice_number }}',
    date: 'Date',
    to: 'Destinataire',
    order: 'Commande',
    sales: 'Ventes',
    commission: 'Commission',
    paid: 'Versé',
    paidTo: 'Versé à {{ vendor }}',
  },
  es: {
    invoiceTitle: 'Factura {{ invoice_number }}',
    invoiceDate: 'Fecha de factura: {{ invoice_date }}',
    orderOf: 'Pedido {{ order_name }} del {{ order_date }}',
    soldBy: 'Vendido por',
    billedTo: 'Facturado a',
    item: 'Artículo',
    qty: 'Cant.',
    price: 'Precio',
    tax: 'IVA',
    total: 'Total',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    shipping: 'Envío',
    taxTotal: 'IVA',
    grandTotal: 'Total',
    slipTitle: 'Albarán {{ order_name }}',
    slipOrderOf: 'Pedido del {{ order_date }}',
    from: 'Remitente',
    shipTo: 'Enviar a',
    sku: 'Referencia',
    commissionTitle: 'Factura de comisión {{ invoice_number }}',
    date: 'Fecha',
    to: 'Destinatario',
    order: 'Pedido',
    sales: 'Ventas',
    commission: 'Comisión',
    paid: 'Pagado',
    paidTo: 'Pagado a {{ vendor }}',
  },
};

/** Each document's default HTML, written with one language's labels. */
const DOCUMENT_HTML = {
  'doc-customer-invoice': (l: DocumentLabels) => `${header(l.invoiceTitle)}
<p>${l.invoiceDate}<br>${l.orderOf}</p>
<table class="parties">
  <tr><td>${address(l.soldBy, 'seller')}<div>{{ seller.email }}</div><div>{{ seller.phone }}</div></td><td>${address(l.billedTo, 'billing_address')}{% if customer_email != blank %}<div>{{ customer_email }}</div>{% endif %}</td></tr>
</table>
<table class="lines">
  <tr><th>${l.item}</th><th class="num">${l.qty}</th><th class="num">${l.price}</th><th class="num">${l.tax}</th><th class="num">${l.total}</th></tr>
  {% for item in line_items %}<tr><td>{{ item.title }}{% if item.sku != blank %} <small>({{ item.sku }})</small>{% endif %}</td><td class="num">{{ item.quantity }}</td><td class="num">{{ item.price }}</td><td class="num">{{ item.tax }}</td><td class="num">{{ item.total }}</td></tr>
  {% endfor %}
</table>
<table class="totals">
  ${total(l.subtotal, '{{ subtotal }}')}
  ${total(l.discount, '{{ discount }}')}
  ${total(l.shipping, '{{ shipping }}')}
  ${total(l.taxTotal, '{{ tax }}')}
  ${total(l.grandTotal, '{{ total }}', true)}
</table>
<p class="footer">{{ shop_name }}</p>`,
  'doc-packing-slip': (l: DocumentLabels) => `${header(l.slipTitle)}
<p>${l.slipOrderOf}</p>
<table class="parties">
  <tr><td>${address(l.from, 'seller')}</td><td>${address(l.shipTo, 'shipping_address')}</td></tr>
</table>
<table class="lines">
  <tr><th>${l.item}</th><th>${l.sku}</th><th class="num">${l.qty}</th></tr>
  {% for item in line_items %}<tr><td>{{ item.title }}</td><td>{{ item.sku }}</td><td class="num">{{ item.quantity }}</td></tr>
  {% endfor %}
</table>
<p class="footer">{{ shop_name }}</p>`,
  'doc-vendor-invoice': (l: DocumentLabels) => `${header(l.commissionTitle)}
<p>${l.date}: {{ invoice_date }}</p>
<table class="parties">
  <tr><td>${address(l.from, 'marketplace_address')}</td><td>${address(l.to, 'vendor_address')}</td></tr>
</table>
<table class="lines">
  <tr><th>${l.order}</th><th>${l.date}</th><th class="num">${l.sales}</th><th class="num">${l.commission}</th><th class="num">${l.paid}</th></tr>
  {% for order in orders %}<tr><td>{{ order.order_name }}</td><td>{{ order.order_date }}</td><td class="num">{{ order.sales }}</td><td class="num">{{ order.commission }}</td><td class="num">{{ order.payout }}</td></tr>
  {% endfor %}
</table>
<table class="totals">
  ${total(l.sales, '{{ sales }}')}
  ${total(l.commission, '{{ commission }}', true)}
  ${total(l.paidTo, '{{ payout }}')}
</table>
<p class="footer">{{ shop_name }}</p>`,
};
export type DocumentTemplateName = keyof typeof DOCUMENT_HTML;

/** A document's default HTML in a language (the catalogue's `html` is the English one the editor starts from). */
export const documentHtml = (name: DocumentTemplateName, language: DocumentLanguage) => DOCUMENT_HTML[name](DOCUMENT_LABELS[language]);

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
    html: documentHtml('doc-customer-invoice', 'en'),
  },
  'doc-packing-slip': {
    description: 'The packing slip a vendor puts in the parcel.',
    subject: 'Packing slip for order {{ order_name }}',
    variables: { ...common },
    html: documentHtml('doc-packing-slip', 'en'),
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
    html: documentHtml('doc-vendor-invoice', 'en'),
  },
} satisfies Record<string, TemplateDefinition>;
