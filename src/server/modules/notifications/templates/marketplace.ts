import { SAMPLE } from './samples.ts';
import { button, layout } from './layout.ts';
import { sampleMoney, v, type TemplateDefinition } from './types.ts';

/** Mails to the marketplace's admins (and its support address for the public contact calls). */
export const MARKETPLACE_TEMPLATES = {
  'marketplace-on-product-submitted': {
    description: 'To admins: a vendor submitted a product that waits for approval.',
    subject: '{{ vendor }} submitted {{ product_title }}',
    variables: {
      vendor: v('the vendor name', SAMPLE.vendor),
      product_title: v('the product title', SAMPLE.product),
      link: v('the product in the app', `${SAMPLE.adminLink}/products/123`),
    },
    html: layout(`<p>{{ vendor }} submitted <strong>{{ product_title }}</strong> for approval.</p>
  ${button('{{ link }}', 'Review the product')}`),
  },
  'marketplace-duty-digest': {
    description: 'To admins, daily at digestSendAtHourUtc: what waits for them.',
    subject: 'Your {{ shop_name }} to-do list for {{ date }}',
    variables: {
      date: v('the day of the digest', SAMPLE.orderDate),
      pending_products: v('products waiting for approval', 3),
      pending_applications: v('vendor applications waiting for a decision', 1),
      unfulfilled_orders: v('orders not fulfilled yet', 5),
      unanswered_conversations: v('buyer conversations without an answer', 2),
      link: v('the app', SAMPLE.adminLink),
    },
    html: layout(`<p>Here is what waits for you today:</p>
  <ul>
    <li>{{ pending_products }} product(s) to review</li>
    <li>{{ pending_applications }} vendor application(s) to decide</li>
    <li>{{ unfulfilled_orders }} unfulfilled order(s)</li>
    <li>{{ unanswered_conversations }} unanswered conversation(s)</li>
  </ul>
  ${button('{{ link }}', 'Open the back-office')}`),
  },
  'marketplace-new-vendor': {
    description: 'To admins: an application was approved and the vendor invited.',
    subject: 'New vendor: {{ vendor }}',
    variables: { vendor: v('the vendor name', SAMPLE.vendor), email: v('the e-mail of its account', SAMPLE.vendorEmail) },
    html: layout(`<p>{{ vendor }} ({{ email }}) is now a vendor of {{ shop_name }}; an invite to set a password was sent.</p>`),
  },
  'marketplace-vendor-request': {
    description: 'To admins: someone applied to become a vendor.',
    subject: 'New vendor application: {{ vendor }}',
    variables: {
      vendor: v('the vendor name', SAMPLE.vendor),
      email: v('the applicant e-mail', SAMPLE.vendorEmail),
      link: v('the applications screen', `${SAMPLE.adminLink}/vendors`),
    },
    html: layout(`<p>{{ vendor }} ({{ email }}) applied to sell on {{ shop_name }}.</p>
  <p><a href="{{ link }}">Review the application</a></p>`),
  },
  'marketplace-automated-payments': {
    description: 'To admins: the automated payouts that were made.',
    subject: 'Automated payouts of {{ date }}',
    variables: {
      date: v('the day of the payout run', SAMPLE.orderDate),
      payouts: v('one line a vendor: vendor, amount (formatted), method, status', [
        { vendor: SAMPLE.vendor, amount: sampleMoney(12000), method: 'stripe', status: 'paid' },
        { vendor: 'Blue Textiles', amount: sampleMoney(4530), method: 'paypal', status: 'failed' },
      ]),
      total: v('the amount paid (formatted)', sampleMoney(12000)),
      link: v('the payouts screen', `${SAMPLE.adminLink}/finance`),
    },
    html: layout(`<p>The automated payouts of {{ date }}:</p>
  <table style="width:100%;border-collapse:collapse" cellpadding="6">
    <tr style="text-align:left;border-bottom:1px solid #e5e7eb"><th>Vendor</th><th>Method</th><th>Status</th><th style="text-align:right">Amount</th></tr>
    {% for payout in payouts %}<tr><td>{{ payout.vendor }}</td><td>{{ payout.method }}</td><td>{{ payout.status }}</td><td style="text-align:right">{{ payout.amount }}</td></tr>
    {% endfor %}</table>
  <p style="text-align:right"><strong>Paid: {{ total }}</strong></p>
  ${button('{{ link }}', 'View payouts')}`),
  },
  'marketplace-integration-set': {
    description: 'To admins: a mailing integration (Brevo or Klaviyo) was connected, or a vendor connected its own shop (PrestaShop).',
    subject: '{{ service }} is connected to {{ shop_name }}',
    variables: {
      service: v('the mailing service, or the platform of the vendor’s shop', 'Brevo'),
      email: v('who connected it', 'admin@marketplace.example'),
      vendor: v('the vendor whose shop was connected (empty for a mailing service)', ''),
      domain: v('the address of the vendor’s shop', ''),
    },
    html: layout(`<p>{{ service }} is now connected to {{ shop_name }}{% if email != blank %} by {{ email }}{% endif %}.</p>
  {% if vendor != blank %}<p>{{ vendor }} connected its shop {{ domain }}: its products can now be imported, and follow your approval rules.</p>{% else %}<p>New vendors and subscribers will be added to it as contacts.</p>{% endif %}`),
  },
  'marketplace-contact-message': {
    description: 'To the support address (or admins): a buyer sent a message or the contact form.',
    subject: '{{ subject }}',
    variables: {
      subject: v('what the buyer sent', 'New message from alex@buyer.example'),
      email: v('the sender e-mail', 'alex@buyer.example'),
      lines: v('the message lines', ['Hello,', 'Do you ship to Belgium?']),
    },
    html: layout(`<p>From: {{ email | default: "anonymous" }}</p>
  {% for line in lines %}<p>{{ line }}</p>{% endfor %}`),
  },
  'marketplace-new-subscriber': {
    description: 'To the support address (or admins): someone subscribed to the news.',
    subject: 'New subscriber: {{ email }}',
    variables: { email: v('the address that subscribed', 'alex@buyer.example') },
    html: layout(`<p>{{ email }} subscribed to the news of {{ shop_name }}.</p>`),
  },
} satisfies Record<string, TemplateDefinition>;
