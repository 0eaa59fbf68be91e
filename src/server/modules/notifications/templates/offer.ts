import { SAMPLE } from './samples.ts';
import { button, layout, toLink } from './layout.ts';
import { inEveryLanguage, sampleMoney, secretLink, v, type TemplateDefinition } from './types.ts';

const offer = {
  product_title: v('the product the offer is for', SAMPLE.product),
  offer_amount: v('the amount offered (formatted)', sampleMoney(2000)),
  price: v('the listed price (formatted)', sampleMoney(2400)),
};

export const OFFER_TEMPLATES = {
  'offer-received': {
    description: 'To a vendor: a buyer made an offer on one of its products.',
    variables: {
      ...offer,
      vendor: v('the vendor name', SAMPLE.vendor),
      buyer_email: v('the buyer e-mail', 'alex@buyer.example'),
      link: v('the offers screen', `${SAMPLE.adminLink}/offers`),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'New offer on {{ product_title }}',
          text: 'Hello {{ vendor }}, {{ buyer_email }} offers <strong>{{ offer_amount }}</strong> for {{ product_title }} (listed at {{ price }}).',
          button: 'Accept, counter or reject',
        },
        nl: {
          subject: 'Nieuw bod op {{ product_title }}',
          text: 'Hallo {{ vendor }}, {{ buyer_email }} biedt <strong>{{ offer_amount }}</strong> voor {{ product_title }} (vraagprijs {{ price }}).',
          button: 'Accepteren, tegenbod doen of afwijzen',
        },
        de: {
          subject: 'Neues Angebot für {{ product_title }}',
          text: 'Hallo {{ vendor }}, {{ buyer_email }} bietet <strong>{{ offer_amount }}</strong> für {{ product_title }} (Preis {{ price }}).',
          button: 'Annehmen, Gegenangebot machen oder ablehnen',
        },
        fr: {
          subject: 'Nouvelle offre sur {{ product_title }}',
          text: 'Bonjour {{ vendor }}, {{ buyer_email }} propose <strong>{{ offer_amount }}</strong> pour {{ product_title }} (prix affiché {{ price }}).',
          button: 'Accepter, contre-proposer ou refuser',
        },
        es: {
          subject: 'Nueva oferta por {{ product_title }}',
          text: 'Hola {{ vendor }}, {{ buyer_email }} ofrece <strong>{{ offer_amount }}</strong> por {{ product_title }} (precio {{ price }}).',
          button: 'Aceptar, contraofertar o rechazar',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.text}</p>
  ${button('{{ link }}', w.button)}`),
      }),
    ),
  },
  'offer-rejected': {
    description: 'To a buyer: the offer was rejected.',
    variables: { ...offer, link: secretLink('the page of the offer', 'https://market.example/app/offer/TOKEN') },
    ...inEveryLanguage(
      {
        en: {
          subject: 'Your offer on {{ product_title }}',
          text: 'Your offer of {{ offer_amount }} for {{ product_title }} was not accepted.',
          still: 'You can still buy it at {{ price }} or make another offer.',
          see: 'See the offer',
        },
        nl: {
          subject: 'Je bod op {{ product_title }}',
          text: 'Je bod van {{ offer_amount }} op {{ product_title }} is niet geaccepteerd.',
          still: 'Je kunt het nog steeds kopen voor {{ price }} of een nieuw bod doen.',
          see: 'Bekijk het bod',
        },
        de: {
          subject: 'Ihr Angebot für {{ product_title }}',
          text: 'Ihr Angebot von {{ offer_amount }} für {{ product_title }} wurde nicht angenommen.',
          still: 'Sie können es weiterhin für {{ price }} kaufen oder ein neues Angebot machen.',
          see: 'Angebot ansehen',
        },
        fr: {
          subject: 'Votre offre sur {{ product_title }}',
          text: 'Votre offre de {{ offer_amount }} pour {{ product_title }} n’a pas été acceptée.',
          still: 'Vous pouvez toujours l’acheter à {{ price }} ou faire une autre offre.',
          see: 'Voir l’offre',
        },
        es: {
          subject: 'Tu oferta por {{ product_title }}',
          text: 'Tu oferta de {{ offer_amount }} por {{ product_title }} no ha sido aceptada.',
          still: 'Aún puedes comprarlo por {{ price }} o hacer otra oferta.',
          see: 'Ver la oferta',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.text}</p>
  <p>${w.still} ${toLink(w.see)}.</p>`),
      }),
    ),
  },
  'offer-requested': {
    description: 'To a buyer: the offer was sent to the seller (or the seller answers with a counter-offer).',
    variables: {
      ...offer,
      counter_offer: v('the seller counter-offer (formatted; empty when none)', ''),
      link: secretLink('the page to follow the offer (answer a counter-offer there)', 'https://market.example/app/offer/TOKEN'),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'Your offer on {{ product_title }} was sent',
          counter: 'The seller answers your offer for {{ product_title }} with <strong>{{ counter_offer }}</strong>.',
          view: 'View the counter-offer',
          sent: 'We sent your offer of {{ offer_amount }} for {{ product_title }} to the seller. You will get an e-mail when they answer.',
          follow: 'Follow your offer',
        },
        nl: {
          subject: 'Je bod op {{ product_title }} is verstuurd',
          counter: 'De verkoper beantwoordt je bod op {{ product_title }} met <strong>{{ counter_offer }}</strong>.',
          view: 'Tegenbod bekijken',
          sent: 'We hebben je bod van {{ offer_amount }} op {{ product_title }} naar de verkoper gestuurd. Je krijgt een e-mail zodra die antwoordt.',
          follow: 'Volg je bod',
        },
        de: {
          subject: 'Ihr Angebot für {{ product_title }} wurde gesendet',
          counter: 'Der Verkäufer antwortet auf Ihr Angebot für {{ product_title }} mit <strong>{{ counter_offer }}</strong>.',
          view: 'Gegenangebot ansehen',
          sent: 'Wir haben Ihr Angebot von {{ offer_amount }} für {{ product_title }} an den Verkäufer gesendet. Sie erhalten eine E-Mail, sobald er antwortet.',
          follow: 'Angebot verfolgen',
        },
        fr: {
          subject: 'Votre offre sur {{ product_title }} a été envoyée',
          counter: 'Le vendeur répond à votre offre pour {{ product_title }} par <strong>{{ counter_offer }}</strong>.',
          view: 'Voir la contre-offre',
          sent: 'Nous avons envoyé votre offre de {{ offer_amount }} pour {{ product_title }} au vendeur. Vous recevrez un e-mail dès sa réponse.',
          follow: 'Suivre votre offre',
        },
        es: {
          subject: 'Tu oferta por {{ product_title }} se ha enviado',
          counter: 'El vendedor responde a tu oferta por {{ product_title }} con <strong>{{ counter_offer }}</strong>.',
          view: 'Ver la contraoferta',
          sent: 'Hemos enviado tu oferta de {{ offer_amount }} por {{ product_title }} al vendedor. Recibirás un correo cuando responda.',
          follow: 'Seguir tu oferta',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`{% if counter_offer != blank %}<p>${w.counter}</p>
  ${button('{{ link }}', w.view)}{% else %}<p>${w.sent}</p>
  <p>${toLink(w.follow)}</p>{% endif %}`),
      }),
    ),
  },
  'offer-accepted': {
    description:
      'To a buyer: the seller accepted the offer (or the buyer accepted a counter-offer); the link leads to the checkout at the agreed price.',
    variables: {
      ...offer,
      agreed_amount: v('the agreed price per unit (formatted)', sampleMoney(2100)),
      expires_at: v('until when the checkout at this price is held (UTC)', '2026-11-27 10:00 UTC'),
      link: secretLink('the page to check out at the agreed price', 'https://market.example/app/offer/TOKEN'),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'Your offer on {{ product_title }} was accepted',
          text: 'Good news: {{ product_title }} is yours for <strong>{{ agreed_amount }}</strong> a piece. We hold it for you until {{ expires_at }}.',
          button: 'Check out at this price',
        },
        nl: {
          subject: 'Je bod op {{ product_title }} is geaccepteerd',
          text: 'Goed nieuws: {{ product_title }} is van jou voor <strong>{{ agreed_amount }}</strong> per stuk. We houden het voor je vast tot {{ expires_at }}.',
          button: 'Afrekenen voor deze prijs',
        },
        de: {
          subject: 'Ihr Angebot für {{ product_title }} wurde angenommen',
          text: 'Gute Nachricht: {{ product_title }} gehört Ihnen für <strong>{{ agreed_amount }}</strong> pro Stück. Wir reservieren es bis {{ expires_at }}.',
          button: 'Zu diesem Preis bestellen',
        },
        fr: {
          subject: 'Votre offre sur {{ product_title }} a été acceptée',
          text: 'Bonne nouvelle : {{ product_title }} est à vous pour <strong>{{ agreed_amount }}</strong> l’unité. Nous vous le réservons jusqu’au {{ expires_at }}.',
          button: 'Commander à ce prix',
        },
        es: {
          subject: 'Tu oferta por {{ product_title }} ha sido aceptada',
          text: 'Buenas noticias: {{ product_title }} es tuyo por <strong>{{ agreed_amount }}</strong> la unidad. Te lo reservamos hasta el {{ expires_at }}.',
          button: 'Comprar a este precio',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.text}</p>
  ${button('{{ link }}', w.button)}`),
      }),
    ),
  },
} satisfies Record<string, TemplateDefinition>;
