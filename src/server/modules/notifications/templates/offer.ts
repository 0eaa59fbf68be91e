import { SAMPLE } from './samples.ts';
import { button, layout } from './layout.ts';
import { sampleMoney, secretLink, v, type TemplateDefinition } from './types.ts';

const offer = {
  product_title: v('the product the offer is for', SAMPLE.product),
  offer_amount: v('the amount offered (formatted)', sampleMoney(2000)),
  price: v('the listed price (formatted)', sampleMoney(2400)),
};

export const OFFER_TEMPLATES = {
  'offer-received': {
    description: 'To a vendor: a buyer made an offer on one of its products.',
    subject: 'New offer on {{ product_title }}',
    variables: {
      ...offer,
      vendor: v('the vendor name', SAMPLE.vendor),
      buyer_email: v('the buyer e-mail', 'alex@buyer.example'),
      link: v('the offers screen', `${SAMPLE.adminLink}/offers`),
    },
    html: layout(`<p>Hello {{ vendor }}, {{ buyer_email }} offers <strong>{{ offer_amount }}</strong> for {{ product_title }} (listed at {{ price }}).</p>
  ${button('{{ link }}', 'Accept, counter or reject')}`),
  },
  'offer-rejected': {
    description: 'To a buyer: the offer was rejected.',
    subject: 'Your offer on {{ product_title }}',
    variables: { ...offer, link: secretLink('the page of the offer', 'https://market.example/app/offer/TOKEN') },
    html: layout(`<p>Your offer of {{ offer_amount }} for {{ product_title }} was not accepted.</p>
  <p>You can still buy it at {{ price }} or make another offer. <a href="{{ link }}">See the offer</a>.</p>`),
  },
  'offer-requested': {
    description: 'To a buyer: the offer was sent to the seller (or the seller answers with a counter-offer).',
    subject: 'Your offer on {{ product_title }} was sent',
    variables: {
      ...offer,
      counter_offer: v('the seller counter-offer (formatted; empty when none)', ''),
      link: secretLink('the page to follow the offer (answer a counter-offer there)', 'https://market.example/app/offer/TOKEN'),
    },
    html: layout(`{% if counter_offer != blank %}<p>The seller answers your offer for {{ product_title }} with <strong>{{ counter_offer }}</strong>.</p>
  ${button('{{ link }}', 'View the counter-offer')}{% else %}<p>We sent your offer of {{ offer_amount }} for {{ product_title }} to the seller. You will get an e-mail when they answer.</p>
  <p><a href="{{ link }}">Follow your offer</a></p>{% endif %}`),
  },
  'offer-accepted': {
    description:
      'To a buyer: the seller accepted the offer (or the buyer accepted a counter-offer); the link leads to the checkout at the agreed price.',
    subject: 'Your offer on {{ product_title }} was accepted',
    variables: {
      ...offer,
      agreed_amount: v('the agreed price per unit (formatted)', sampleMoney(2100)),
      expires_at: v('until when the checkout at this price is held (UTC)', '2026-11-27 10:00 UTC'),
      link: secretLink('the page to check out at the agreed price', 'https://market.example/app/offer/TOKEN'),
    },
    html: layout(`<p>Good news: {{ product_title }} is yours for <strong>{{ agreed_amount }}</strong> a piece. We hold it for you until {{ expires_at }}.</p>
  ${button('{{ link }}', 'Check out at this price')}`),
  },
} satisfies Record<string, TemplateDefinition>;
