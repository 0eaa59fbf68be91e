import { SAMPLE } from './samples.ts';
import { button, layout, lineItemsTable } from './layout.ts';
import { sampleMoney, v, type TemplateDefinition } from './types.ts';

const order = {
  vendor: v('the vendor name', SAMPLE.vendor),
  order_name: v('the order number', SAMPLE.orderName),
  order_date: v('the day the order was placed', SAMPLE.orderDate),
  link: v('the order in the app', `${SAMPLE.adminLink}/orders/1042`),
};

const reminder = (n: 1 | 2 | 3): TemplateDefinition => ({
  description: `To a vendor: reminder ${n} that an order is still unfulfilled (sent delayInHours after the order).`,
  subject: n === 3 ? 'Last reminder: order {{ order_name }} is waiting' : 'Reminder: order {{ order_name }} is waiting to be fulfilled',
  variables: { ...order, hours: v('hours since the order was placed', n * 24) },
  html: layout(`<p>Hello {{ vendor }},</p>
  <p>Order <strong>{{ order_name }}</strong> was placed {{ hours }} hours ago and is not fulfilled yet.</p>
  ${button('{{ link }}', 'Fulfil the order')}`),
});

export const ORDER_TEMPLATES = {
  'order-placed': {
    description: 'To a vendor: a new order contains its products.',
    subject: 'New order {{ order_name }}',
    variables: {
      ...order,
      customer_name: v('the buyer name', SAMPLE.address.name),
      line_items: v("the vendor's lines: title, sku, quantity, price (formatted)", SAMPLE.lineItems),
      total: v("the vendor's total (formatted)", sampleMoney(6650)),
    },
    html: layout(`<p>Hello {{ vendor }}, you have a new order <strong>{{ order_name }}</strong> from {{ customer_name }} ({{ order_date }}).</p>
  ${lineItemsTable}
  <p style="text-align:right"><strong>Total: {{ total }}</strong></p>
  ${button('{{ link }}', 'View the order')}`),
  },
  'order-reminder-1': reminder(1),
  'order-reminder-2': reminder(2),
  'order-reminder-3': reminder(3),
} satisfies Record<string, TemplateDefinition>;
