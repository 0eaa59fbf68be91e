import { SAMPLE } from './samples.ts';
import { button, layout } from './layout.ts';
import { secretLink, v, type TemplateDefinition } from './types.ts';

const vendor = v('the vendor name', SAMPLE.vendor);

export const VENDOR_TEMPLATES = {
  'vendor-new-message': {
    description: 'To a vendor: a buyer sent a message about one of its products.',
    subject: 'New message from {{ buyer_name }}',
    variables: {
      vendor,
      buyer_name: v('the buyer name (or e-mail)', 'Alex Buyer'),
      product_title: v('the product the conversation is about (may be empty)', SAMPLE.product),
      message: v(
        'the message text (empty when the store hides contact details: read it in the app)',
        'Hello, is this mug dishwasher safe?',
      ),
      link: v('the conversation in the app', `${SAMPLE.adminLink}/conversations`),
    },
    html: layout(`<p>Hello {{ vendor }},</p>
  <p>{{ buyer_name }} sent you a message{% if product_title != blank %} about <strong>{{ product_title }}</strong>{% endif %}{% if message != blank %}:{% else %}.{% endif %}</p>
  {% if message != blank %}<blockquote style="border-left:3px solid #e5e7eb;margin:0;padding-left:12px;white-space:pre-wrap">{{ message }}</blockquote>{% endif %}
  ${button('{{ link }}', 'Reply')}`),
  },
  'buyer-new-message': {
    description: 'To a buyer: the seller (or the marketplace) answered in a conversation; at most once per quiet period.',
    subject: 'New message from {{ seller_name }}',
    variables: {
      seller_name: v('who answered: the vendor name, or the marketplace', SAMPLE.vendor),
      product_title: v('the product the conversation is about (may be empty)', SAMPLE.product),
      message: v('the message text (empty when the store hides contact details)', 'Yes, it is dishwasher safe.'),
      link: secretLink('the conversation, signed for this buyer', 'https://marketplace.example/app/chat/TOKEN'),
    },
    html: layout(`<p>{{ seller_name }} answered you{% if product_title != blank %} about <strong>{{ product_title }}</strong>{% endif %}{% if message != blank %}:{% else %}.{% endif %}</p>
  {% if message != blank %}<blockquote style="border-left:3px solid #e5e7eb;margin:0;padding-left:12px;white-space:pre-wrap">{{ message }}</blockquote>{% endif %}
  ${button('{{ link }}', 'Read and reply')}`),
  },
  'vendor-pending-approval': {
    description: 'To an applicant: the application was received and waits for review.',
    subject: 'We received your application to {{ shop_name }}',
    variables: { vendor: v('the vendor name the applicant chose', SAMPLE.vendor) },
    html: layout(`<p>Thank you for applying as {{ vendor }}. We review every application and will get back to you shortly.</p>`),
  },
  'vendor-rejection': {
    description: 'To an applicant whose application was rejected.',
    subject: 'Your application to {{ shop_name }}',
    variables: { vendor: v('the vendor name the applicant chose', SAMPLE.vendor) },
    html: layout(`<p>Thank you for applying as {{ vendor }}. After careful review we cannot accept your application at this time.</p>`),
  },
} satisfies Record<string, TemplateDefinition>;
