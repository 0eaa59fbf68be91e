import { SAMPLE } from './samples.ts';
import { button, layout, quote } from './layout.ts';
import { inEveryLanguage, secretLink, v, type TemplateDefinition } from './types.ts';

const vendor = v('the vendor name', SAMPLE.vendor);

/** "… about <product>" when the conversation is about one, then a colon before the quoted message or a full stop. */
const about = (word: string) =>
  `{% if product_title != blank %} ${word} <strong>{{ product_title }}</strong>{% endif %}{% if message != blank %}:{% else %}.{% endif %}`;
const quotedMessage = `{% if message != blank %}${quote('{{ message }}')}{% endif %}`;

export const VENDOR_TEMPLATES = {
  'vendor-new-message': {
    description: 'To a vendor: a buyer sent a message about one of its products.',
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
    ...inEveryLanguage(
      {
        en: { subject: 'New message from {{ buyer_name }}', hello: 'Hello', sent: 'sent you a message', about: 'about', reply: 'Reply' },
        nl: {
          subject: 'Nieuw bericht van {{ buyer_name }}',
          hello: 'Hallo',
          sent: 'stuurde je een bericht',
          about: 'over',
          reply: 'Antwoorden',
        },
        de: {
          subject: 'Neue Nachricht von {{ buyer_name }}',
          hello: 'Hallo',
          sent: 'hat Ihnen eine Nachricht geschickt',
          about: 'zu',
          reply: 'Antworten',
        },
        fr: {
          subject: 'Nouveau message de {{ buyer_name }}',
          hello: 'Bonjour',
          sent: 'vous a envoyé un message',
          about: 'à propos de',
          reply: 'Répondre',
        },
        es: {
          subject: 'Nuevo mensaje de {{ buyer_name }}',
          hello: 'Hola',
          sent: 'te ha enviado un mensaje',
          about: 'sobre',
          reply: 'Responder',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.hello} {{ vendor }},</p>
  <p>{{ buyer_name }} ${w.sent}${about(w.about)}</p>
  ${quotedMessage}
  ${button('{{ link }}', w.reply)}`),
      }),
    ),
  },
  'buyer-new-message': {
    description: 'To a buyer: the seller (or the marketplace) answered in a conversation; at most once per quiet period.',
    variables: {
      seller_name: v('who answered: the vendor name, or the marketplace', SAMPLE.vendor),
      product_title: v('the product the conversation is about (may be empty)', SAMPLE.product),
      message: v('the message text (empty when the store hides contact details)', 'Yes, it is dishwasher safe.'),
      link: secretLink('the conversation, signed for this buyer', 'https://marketplace.example/app/chat/TOKEN'),
    },
    ...inEveryLanguage(
      {
        en: { subject: 'New message from {{ seller_name }}', answered: 'answered you', about: 'about', read: 'Read and reply' },
        nl: { subject: 'Nieuw bericht van {{ seller_name }}', answered: 'heeft je geantwoord', about: 'over', read: 'Lezen en antwoorden' },
        de: {
          subject: 'Neue Nachricht von {{ seller_name }}',
          answered: 'hat Ihnen geantwortet',
          about: 'zu',
          read: 'Lesen und antworten',
        },
        fr: { subject: 'Nouveau message de {{ seller_name }}', answered: 'vous a répondu', about: 'à propos de', read: 'Lire et répondre' },
        es: { subject: 'Nuevo mensaje de {{ seller_name }}', answered: 'te ha respondido', about: 'sobre', read: 'Leer y responder' },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>{{ seller_name }} ${w.answered}${about(w.about)}</p>
  ${quotedMessage}
  ${button('{{ link }}', w.read)}`),
      }),
    ),
  },
  'vendor-pending-approval': {
    description: 'To an applicant: the application was received and waits for review.',
    variables: { vendor: v('the vendor name the applicant chose', SAMPLE.vendor) },
    ...inEveryLanguage(
      {
        en: {
          subject: 'We received your application to {{ shop_name }}',
          text: 'Thank you for applying as {{ vendor }}. We review every application and will get back to you shortly.',
        },
        nl: {
          subject: 'We hebben je aanmelding bij {{ shop_name }} ontvangen',
          text: 'Bedankt voor je aanmelding als {{ vendor }}. We bekijken elke aanmelding en laten snel van ons horen.',
        },
        de: {
          subject: 'Wir haben Ihre Bewerbung bei {{ shop_name }} erhalten',
          text: 'Vielen Dank für Ihre Bewerbung als {{ vendor }}. Wir prüfen jede Bewerbung und melden uns in Kürze bei Ihnen.',
        },
        fr: {
          subject: 'Nous avons reçu votre candidature à {{ shop_name }}',
          text: 'Merci pour votre candidature en tant que {{ vendor }}. Nous examinons chaque candidature et revenons vers vous rapidement.',
        },
        es: {
          subject: 'Hemos recibido tu solicitud en {{ shop_name }}',
          text: 'Gracias por tu solicitud como {{ vendor }}. Revisamos cada solicitud y te responderemos en breve.',
        },
      },
      (w) => ({ subject: w.subject, html: layout(`<p>${w.text}</p>`) }),
    ),
  },
  'vendor-rejection': {
    description: 'To an applicant whose application was rejected.',
    variables: { vendor: v('the vendor name the applicant chose', SAMPLE.vendor) },
    ...inEveryLanguage(
      {
        en: {
          subject: 'Your application to {{ shop_name }}',
          text: 'Thank you for applying as {{ vendor }}. After careful review we cannot accept your application at this time.',
        },
        nl: {
          subject: 'Je aanmelding bij {{ shop_name }}',
          text: 'Bedankt voor je aanmelding als {{ vendor }}. Na zorgvuldige beoordeling kunnen we je aanmelding op dit moment niet accepteren.',
        },
        de: {
          subject: 'Ihre Bewerbung bei {{ shop_name }}',
          text: 'Vielen Dank für Ihre Bewerbung als {{ vendor }}. Nach sorgfältiger Prüfung können wir Ihre Bewerbung derzeit leider nicht annehmen.',
        },
        fr: {
          subject: 'Votre candidature à {{ shop_name }}',
          text: 'Merci pour votre candidature en tant que {{ vendor }}. Après un examen attentif, nous ne pouvons pas l’accepter pour le moment.',
        },
        es: {
          subject: 'Tu solicitud en {{ shop_name }}',
          text: 'Gracias por tu solicitud como {{ vendor }}. Tras revisarla con atención, no podemos aceptarla por ahora.',
        },
      },
      (w) => ({ subject: w.subject, html: layout(`<p>${w.text}</p>`) }),
    ),
  },
} satisfies Record<string, TemplateDefinition>;
