import { SAMPLE } from './samples.ts';
import { button, layout, toLink } from './layout.ts';
import { inEveryLanguage, sampleMoney, v, type TemplateDefinition } from './types.ts';

/** A mail of one sentence (and a button when it asks for something). */
const sentence = (w: { subject: string; text: string; button?: string }) => ({
  subject: w.subject,
  html: layout(`<p>${w.text}</p>${w.button ? `\n  ${button('{{ link }}', w.button)}` : ''}`),
});

/** Mails to the marketplace's admins (and its support address for the public contact calls). */
export const MARKETPLACE_TEMPLATES = {
  'marketplace-on-product-submitted': {
    description: 'To admins: a vendor submitted a product that waits for approval.',
    variables: {
      vendor: v('the vendor name', SAMPLE.vendor),
      product_title: v('the product title', SAMPLE.product),
      link: v('the product in the app', `${SAMPLE.adminLink}/products/123`),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: '{{ vendor }} submitted {{ product_title }}',
          text: '{{ vendor }} submitted <strong>{{ product_title }}</strong> for approval.',
          button: 'Review the product',
        },
        nl: {
          subject: '{{ vendor }} heeft {{ product_title }} ingediend',
          text: '{{ vendor }} heeft <strong>{{ product_title }}</strong> ter goedkeuring ingediend.',
          button: 'Product beoordelen',
        },
        de: {
          subject: '{{ vendor }} hat {{ product_title }} eingereicht',
          text: '{{ vendor }} hat <strong>{{ product_title }}</strong> zur Freigabe eingereicht.',
          button: 'Produkt prüfen',
        },
        fr: {
          subject: '{{ vendor }} a soumis {{ product_title }}',
          text: '{{ vendor }} a soumis <strong>{{ product_title }}</strong> pour approbation.',
          button: 'Examiner le produit',
        },
        es: {
          subject: '{{ vendor }} ha enviado {{ product_title }}',
          text: '{{ vendor }} ha enviado <strong>{{ product_title }}</strong> para su aprobación.',
          button: 'Revisar el producto',
        },
      },
      sentence,
    ),
  },
  'marketplace-duty-digest': {
    description: 'To admins, daily at digestSendAtHourUtc: what waits for them.',
    variables: {
      date: v('the day of the digest', SAMPLE.orderDate),
      pending_products: v('products waiting for approval', 3),
      pending_applications: v('vendor applications waiting for a decision', 1),
      unfulfilled_orders: v('orders not fulfilled yet', 5),
      unanswered_conversations: v('buyer conversations without an answer', 2),
      link: v('the app', SAMPLE.adminLink),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'Your {{ shop_name }} to-do list for {{ date }}',
          intro: 'Here is what waits for you today:',
          products: 'product(s) to review',
          applications: 'vendor application(s) to decide',
          orders: 'unfulfilled order(s)',
          conversations: 'unanswered conversation(s)',
          button: 'Open the back-office',
        },
        nl: {
          subject: 'Je takenlijst voor {{ shop_name }} van {{ date }}',
          intro: 'Dit wacht vandaag op je:',
          products: 'product(en) om te beoordelen',
          applications: 'aanmelding(en) van verkopers om over te beslissen',
          orders: 'niet verzonden bestelling(en)',
          conversations: 'onbeantwoord(e) gesprek(ken)',
          button: 'Back-office openen',
        },
        de: {
          subject: 'Ihre Aufgaben bei {{ shop_name }} für {{ date }}',
          intro: 'Das wartet heute auf Sie:',
          products: 'Produkt(e) zu prüfen',
          applications: 'Verkäuferbewerbung(en) zu entscheiden',
          orders: 'nicht versandte Bestellung(en)',
          conversations: 'unbeantwortete Unterhaltung(en)',
          button: 'Backoffice öffnen',
        },
        fr: {
          subject: 'Vos tâches {{ shop_name }} du {{ date }}',
          intro: 'Voici ce qui vous attend aujourd’hui :',
          products: 'produit(s) à examiner',
          applications: 'candidature(s) de vendeur à traiter',
          orders: 'commande(s) non expédiée(s)',
          conversations: 'conversation(s) sans réponse',
          button: 'Ouvrir le back-office',
        },
        es: {
          subject: 'Tus tareas de {{ shop_name }} para el {{ date }}',
          intro: 'Esto te espera hoy:',
          products: 'producto(s) por revisar',
          applications: 'solicitud(es) de vendedor por decidir',
          orders: 'pedido(s) sin enviar',
          conversations: 'conversación(es) sin respuesta',
          button: 'Abrir el back-office',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.intro}</p>
  <ul>
    <li>{{ pending_products }} ${w.products}</li>
    <li>{{ pending_applications }} ${w.applications}</li>
    <li>{{ unfulfilled_orders }} ${w.orders}</li>
    <li>{{ unanswered_conversations }} ${w.conversations}</li>
  </ul>
  ${button('{{ link }}', w.button)}`),
      }),
    ),
  },
  'marketplace-new-vendor': {
    description: 'To admins: an application was approved and the vendor invited.',
    variables: { vendor: v('the vendor name', SAMPLE.vendor), email: v('the e-mail of its account', SAMPLE.vendorEmail) },
    ...inEveryLanguage(
      {
        en: {
          subject: 'New vendor: {{ vendor }}',
          text: '{{ vendor }} ({{ email }}) is now a vendor of {{ shop_name }}; an invite to set a password was sent.',
        },
        nl: {
          subject: 'Nieuwe verkoper: {{ vendor }}',
          text: '{{ vendor }} ({{ email }}) is nu verkoper bij {{ shop_name }}; er is een uitnodiging verstuurd om een wachtwoord te kiezen.',
        },
        de: {
          subject: 'Neuer Verkäufer: {{ vendor }}',
          text: '{{ vendor }} ({{ email }}) ist jetzt Verkäufer bei {{ shop_name }}; eine Einladung zum Festlegen eines Passworts wurde verschickt.',
        },
        fr: {
          subject: 'Nouveau vendeur : {{ vendor }}',
          text: '{{ vendor }} ({{ email }}) est désormais vendeur sur {{ shop_name }} ; une invitation à choisir un mot de passe a été envoyée.',
        },
        es: {
          subject: 'Nuevo vendedor: {{ vendor }}',
          text: '{{ vendor }} ({{ email }}) ya es vendedor en {{ shop_name }}; se ha enviado una invitación para elegir una contraseña.',
        },
      },
      sentence,
    ),
  },
  'marketplace-vendor-request': {
    description: 'To admins: someone applied to become a vendor.',
    variables: {
      vendor: v('the vendor name', SAMPLE.vendor),
      email: v('the applicant e-mail', SAMPLE.vendorEmail),
      link: v('the applications screen', `${SAMPLE.adminLink}/vendors`),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'New vendor application: {{ vendor }}',
          text: '{{ vendor }} ({{ email }}) applied to sell on {{ shop_name }}.',
          review: 'Review the application',
        },
        nl: {
          subject: 'Nieuwe aanmelding van een verkoper: {{ vendor }}',
          text: '{{ vendor }} ({{ email }}) wil verkopen op {{ shop_name }}.',
          review: 'Aanmelding beoordelen',
        },
        de: {
          subject: 'Neue Verkäuferbewerbung: {{ vendor }}',
          text: '{{ vendor }} ({{ email }}) möchte auf {{ shop_name }} verkaufen.',
          review: 'Bewerbung prüfen',
        },
        fr: {
          subject: 'Nouvelle candidature de vendeur : {{ vendor }}',
          text: '{{ vendor }} ({{ email }}) souhaite vendre sur {{ shop_name }}.',
          review: 'Examiner la candidature',
        },
        es: {
          subject: 'Nueva solicitud de vendedor: {{ vendor }}',
          text: '{{ vendor }} ({{ email }}) quiere vender en {{ shop_name }}.',
          review: 'Revisar la solicitud',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.text}</p>
  <p>${toLink(w.review)}</p>`),
      }),
    ),
  },
  'marketplace-automated-payments': {
    description: 'To admins: the automated payouts that were made.',
    variables: {
      date: v('the day of the payout run', SAMPLE.orderDate),
      payouts: v('one line a vendor: vendor, amount (formatted), method, status', [
        { vendor: SAMPLE.vendor, amount: sampleMoney(12000), method: 'stripe', status: 'paid' },
        { vendor: 'Blue Textiles', amount: sampleMoney(4530), method: 'paypal', status: 'failed' },
      ]),
      total: v('the amount paid (formatted)', sampleMoney(12000)),
      link: v('the payouts screen', `${SAMPLE.adminLink}/finance`),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'Automated payouts of {{ date }}',
          intro: 'The automated payouts of {{ date }}:',
          columns: ['Vendor', 'Method', 'Status', 'Amount'],
          paid: 'Paid',
          button: 'View payouts',
        },
        nl: {
          subject: 'Automatische uitbetalingen van {{ date }}',
          intro: 'De automatische uitbetalingen van {{ date }}:',
          columns: ['Verkoper', 'Methode', 'Status', 'Bedrag'],
          paid: 'Uitbetaald',
          button: 'Uitbetalingen bekijken',
        },
        de: {
          subject: 'Automatische Auszahlungen vom {{ date }}',
          intro: 'Die automatischen Auszahlungen vom {{ date }}:',
          columns: ['Verkäufer', 'Methode', 'Status', 'Betrag'],
          paid: 'Ausgezahlt',
          button: 'Auszahlungen ansehen',
        },
        fr: {
          subject: 'Versements automatiques du {{ date }}',
          intro: 'Les versements automatiques du {{ date }} :',
          columns: ['Vendeur', 'Moyen', 'Statut', 'Montant'],
          paid: 'Versé',
          button: 'Voir les versements',
        },
        es: {
          subject: 'Pagos automáticos del {{ date }}',
          intro: 'Los pagos automáticos del {{ date }}:',
          columns: ['Vendedor', 'Método', 'Estado', 'Importe'],
          paid: 'Pagado',
          button: 'Ver los pagos',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.intro}</p>
  <table style="width:100%;border-collapse:collapse" cellpadding="6">
    <tr style="text-align:left;border-bottom:1px solid #e5e7eb"><th>${w.columns[0]}</th><th>${w.columns[1]}</th><th>${w.columns[2]}</th><th style="text-align:right">${w.columns[3]}</th></tr>
    {% for payout in payouts %}<tr><td>{{ payout.vendor }}</td><td>{{ payout.method }}</td><td>{{ payout.status }}</td><td style="text-align:right">{{ payout.amount }}</td></tr>
    {% endfor %}</table>
  <p style="text-align:right"><strong>${w.paid}: {{ total }}</strong></p>
  ${button('{{ link }}', w.button)}`),
      }),
    ),
  },
  'marketplace-integration-set': {
    description: 'To admins: a mailing integration (Brevo or Klaviyo) was connected, or a vendor connected its own shop (PrestaShop).',
    variables: {
      service: v('the mailing service, or the platform of the vendor’s shop', 'Brevo'),
      email: v('who connected it', 'admin@marketplace.example'),
      vendor: v('the vendor whose shop was connected (empty for a mailing service)', ''),
      domain: v('the address of the vendor’s shop', ''),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: '{{ service }} is connected to {{ shop_name }}',
          connected: '{{ service }} is now connected to {{ shop_name }}',
          by: 'by {{ email }}',
          shop: '{{ vendor }} connected its shop {{ domain }}: its products can now be imported, and follow your approval rules.',
          contacts: 'New vendors and subscribers will be added to it as contacts.',
        },
        nl: {
          subject: '{{ service }} is gekoppeld aan {{ shop_name }}',
          connected: '{{ service }} is nu gekoppeld aan {{ shop_name }}',
          by: 'door {{ email }}',
          shop: '{{ vendor }} heeft de winkel {{ domain }} gekoppeld: de producten ervan kunnen nu worden geïmporteerd en volgen je goedkeuringsregels.',
          contacts: 'Nieuwe verkopers en abonnees worden er als contact aan toegevoegd.',
        },
        de: {
          subject: '{{ service }} ist mit {{ shop_name }} verbunden',
          connected: '{{ service }} ist jetzt mit {{ shop_name }} verbunden',
          by: 'von {{ email }}',
          shop: '{{ vendor }} hat seinen Shop {{ domain }} verbunden: Seine Produkte können jetzt importiert werden und folgen Ihren Freigaberegeln.',
          contacts: 'Neue Verkäufer und Abonnenten werden dort als Kontakte hinzugefügt.',
        },
        fr: {
          subject: '{{ service }} est connecté à {{ shop_name }}',
          connected: '{{ service }} est désormais connecté à {{ shop_name }}',
          by: 'par {{ email }}',
          shop: '{{ vendor }} a connecté sa boutique {{ domain }} : ses produits peuvent maintenant être importés et suivent vos règles d’approbation.',
          contacts: 'Les nouveaux vendeurs et abonnés y seront ajoutés comme contacts.',
        },
        es: {
          subject: '{{ service }} está conectado a {{ shop_name }}',
          connected: '{{ service }} ya está conectado a {{ shop_name }}',
          by: 'por {{ email }}',
          shop: '{{ vendor }} ha conectado su tienda {{ domain }}: sus productos ya se pueden importar y siguen tus reglas de aprobación.',
          contacts: 'Los nuevos vendedores y suscriptores se añadirán como contactos.',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.connected}{% if email != blank %} ${w.by}{% endif %}.</p>
  {% if vendor != blank %}<p>${w.shop}</p>{% else %}<p>${w.contacts}</p>{% endif %}`),
      }),
    ),
  },
  'marketplace-contact-message': {
    description: 'To the support address (or admins): a buyer sent a message or the contact form.',
    variables: {
      subject: v('what the buyer sent', 'New message from alex@buyer.example'),
      email: v('the sender e-mail', 'alex@buyer.example'),
      lines: v('the message lines', ['Hello,', 'Do you ship to Belgium?']),
    },
    ...inEveryLanguage(
      {
        en: { from: 'From', anonymous: 'anonymous' },
        nl: { from: 'Van', anonymous: 'anoniem' },
        de: { from: 'Von', anonymous: 'anonym' },
        fr: { from: 'De', anonymous: 'anonyme' },
        es: { from: 'De', anonymous: 'anónimo' },
      },
      (w) => ({
        subject: '{{ subject }}',
        html: layout(`<p>${w.from}: {{ email | default: "${w.anonymous}" }}</p>
  {% for line in lines %}<p>{{ line }}</p>{% endfor %}`),
      }),
    ),
  },
  'marketplace-new-subscriber': {
    description: 'To the support address (or admins): someone subscribed to the news.',
    variables: { email: v('the address that subscribed', 'alex@buyer.example') },
    ...inEveryLanguage(
      {
        en: { subject: 'New subscriber: {{ email }}', text: '{{ email }} subscribed to the news of {{ shop_name }}.' },
        nl: { subject: 'Nieuwe abonnee: {{ email }}', text: '{{ email }} heeft zich aangemeld voor het nieuws van {{ shop_name }}.' },
        de: { subject: 'Neuer Abonnent: {{ email }}', text: '{{ email }} hat die Neuigkeiten von {{ shop_name }} abonniert.' },
        fr: { subject: 'Nouvel abonné : {{ email }}', text: '{{ email }} s’est abonné aux actualités de {{ shop_name }}.' },
        es: { subject: 'Nuevo suscriptor: {{ email }}', text: '{{ email }} se ha suscrito a las novedades de {{ shop_name }}.' },
      },
      sentence,
    ),
  },
} satisfies Record<string, TemplateDefinition>;
