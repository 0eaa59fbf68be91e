import { SAMPLE } from './samples.ts';
import { button, layout } from './layout.ts';
import { v, type TemplateDefinition } from './types.ts';

const common = {
  vendor: v('the vendor name', SAMPLE.vendor),
  product_title: v('the product title', SAMPLE.product),
  note: v("the admin's note (may be empty)", 'Please add a photo of the bottom of the mug.'),
  link: v('the product in the app', `${SAMPLE.adminLink}/products/123`),
};

export const PRODUCT_TEMPLATES = {
  'product-approved': {
    description: 'To a vendor: an admin approved one of its products.',
    subject: '{{ product_title }} is approved',
    variables: common,
    html: layout(`<p>Good news {{ vendor }}: <strong>{{ product_title }}</strong> is approved and visible on {{ shop_name }}.</p>
  {% if note != blank %}<p>Note: {{ note }}</p>{% endif %}
  ${button('{{ link }}', 'View the product')}`),
  },
  'product-unapproved': {
    description: 'To a vendor: an admin unapproved one of its products.',
    subject: '{{ product_title }} needs changes',
    variables: common,
    html: layout(`<p>Hello {{ vendor }}, <strong>{{ product_title }}</strong> is no longer approved on {{ shop_name }}.</p>
  {% if note != blank %}<p>Note: {{ note }}</p>{% endif %}
  ${button('{{ link }}', 'Edit the product')}`),
  },
  'export-ready': {
    description: 'To whoever started an export: the file is ready to download.',
    subject: 'Your {{ kind }} export is ready',
    variables: {
      kind: v('what was exported', 'products'),
      rows: v('how many rows the file has', 1250),
      link: v('the export in the app (sign-in required to download)', `${SAMPLE.adminLink}/products?export=123`),
    },
    html: layout(`<p>Your export of {{ rows }} {{ kind }} from {{ shop_name }} is ready.</p>
  ${button('{{ link }}', 'Download the file')}
  <p>The file can be downloaded by your account only.</p>`),
  },
} satisfies Record<string, TemplateDefinition>;
