import { SAMPLE } from './samples.ts';
import { button, layout, lineItemsTable } from './layout.ts';
import { inEveryLanguage, type MailLanguage, sampleMoney, v, type TemplateDefinition } from './types.ts';

const order = {
  vendor: v('the vendor name', SAMPLE.vendor),
  order_name: v('the order number', SAMPLE.orderName),
  order_date: v('the day the order was placed', SAMPLE.orderDate),
  link: v('the order in the app', `${SAMPLE.adminLink}/orders/1042`),
};

const REMINDER_WORDS: Record<MailLanguage, { reminder: string; last: string; hello: string; waiting: string; fulfil: string }> = {
  en: {
    reminder: 'Reminder: order {{ order_name }} is waiting to be fulfilled',
    last: 'Last reminder: order {{ order_name }} is waiting',
    hello: 'Hello',
    waiting: 'Order <strong>{{ order_name }}</strong> was placed {{ hours }} hours ago and is not fulfilled yet.',
    fulfil: 'Fulfil the order',
  },
  nl: {
    reminder: 'Herinnering: bestelling {{ order_name }} wacht op verzending',
    last: 'Laatste herinnering: bestelling {{ order_name }} wacht',
    hello: 'Hallo',
    waiting: 'Bestelling <strong>{{ order_name }}</strong> is {{ hours }} uur geleden geplaatst en nog niet verzonden.',
    fulfil: 'Bestelling verzenden',
  },
  de: {
    reminder: 'Erinnerung: Bestellung {{ order_name }} wartet auf den Versand',
    last: 'Letzte Erinnerung: Bestellung {{ order_name }} wartet',
    hello: 'Hallo',
    waiting: 'Bestellung <strong>{{ order_name }}</strong> wurde vor {{ hours }} Stunden aufgegeben und ist noch nicht versandt.',
    fulfil: 'Bestellung versenden',
  },
  fr: {
    reminder: 'Rappel : la commande {{ order_name }} attend d’être expédiée',
    last: 'Dernier rappel : la commande {{ order_name }} attend',
    hello: 'Bonjour',
    waiting: 'La commande <strong>{{ order_name }}</strong> a été passée il y a {{ hours }} heures et n’est pas encore expédiée.',
    fulfil: 'Expédier la commande',
  },
  es: {
    reminder: 'Recordatorio: el pedido {{ order_name }} espera su envío',
    last: 'Último recordatorio: el pedido {{ order_name }} está esperando',
    hello: 'Hola',
    waiting: 'El pedido <strong>{{ order_name }}</strong> se hizo hace {{ hours }} horas y aún no se ha enviado.',
    fulfil: 'Enviar el pedido',
  },
};

const reminder = (n: 1 | 2 | 3): TemplateDefinition => ({
  description: `To a vendor: reminder ${n} that an order is still unfulfilled (sent delayInHours after the order).`,
  variables: { ...order, hours: v('hours since the order was placed', n * 24) },
  ...inEveryLanguage(REMINDER_WORDS, (w) => ({
    subject: n === 3 ? w.last : w.reminder,
    html: layout(`<p>${w.hello} {{ vendor }},</p>
  <p>${w.waiting}</p>
  ${button('{{ link }}', w.fulfil)}`),
  })),
});

export const ORDER_TEMPLATES = {
  'order-placed': {
    description: 'To a vendor: a new order contains its products.',
    variables: {
      ...order,
      customer_name: v('the buyer name', SAMPLE.address.name),
      line_items: v("the vendor's lines: title, sku, quantity, price (formatted)", SAMPLE.lineItems),
      total: v("the vendor's total (formatted)", sampleMoney(6650)),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'New order {{ order_name }}',
          text: 'Hello {{ vendor }}, you have a new order <strong>{{ order_name }}</strong> from {{ customer_name }} ({{ order_date }}).',
          columns: ['Item', 'Qty', 'Price'],
          total: 'Total',
          view: 'View the order',
        },
        nl: {
          subject: 'Nieuwe bestelling {{ order_name }}',
          text: 'Hallo {{ vendor }}, je hebt een nieuwe bestelling <strong>{{ order_name }}</strong> van {{ customer_name }} ({{ order_date }}).',
          columns: ['Artikel', 'Aantal', 'Prijs'],
          total: 'Totaal',
          view: 'Bestelling bekijken',
        },
        de: {
          subject: 'Neue Bestellung {{ order_name }}',
          text: 'Hallo {{ vendor }}, Sie haben eine neue Bestellung <strong>{{ order_name }}</strong> von {{ customer_name }} ({{ order_date }}).',
          columns: ['Artikel', 'Menge', 'Preis'],
          total: 'Summe',
          view: 'Bestellung ansehen',
        },
        fr: {
          subject: 'Nouvelle commande {{ order_name }}',
          text: 'Bonjour {{ vendor }}, vous avez une nouvelle commande <strong>{{ order_name }}</strong> de {{ customer_name }} ({{ order_date }}).',
          columns: ['Article', 'Qté', 'Prix'],
          total: 'Total',
          view: 'Voir la commande',
        },
        es: {
          subject: 'Nuevo pedido {{ order_name }}',
          text: 'Hola {{ vendor }}, tienes un nuevo pedido <strong>{{ order_name }}</strong> de {{ customer_name }} ({{ order_date }}).',
          columns: ['Artículo', 'Cant.', 'Precio'],
          total: 'Total',
          view: 'Ver el pedido',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.text}</p>
  ${lineItemsTable(w.columns)}
  <p style="text-align:right"><strong>${w.total}: {{ total }}</strong></p>
  ${button('{{ link }}', w.view)}`),
      }),
    ),
  },
  'order-reminder-1': reminder(1),
  'order-reminder-2': reminder(2),
  'order-reminder-3': reminder(3),
} satisfies Record<string, TemplateDefinition>;
