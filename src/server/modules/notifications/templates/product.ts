import { SAMPLE } from './samples.ts';
import { button, layout } from './layout.ts';
import { inEveryLanguage, v, type TemplateDefinition } from './types.ts';

const common = {
  vendor: v('the vendor name', SAMPLE.vendor),
  product_title: v('the product title', SAMPLE.product),
  note: v("the admin's note (may be empty)", 'Please add a photo of the bottom of the mug.'),
  link: v('the product in the app', `${SAMPLE.adminLink}/products/123`),
};

/** A decision on a product: its sentence, the admin's note when there is one, and the button. */
const decision = (w: { subject: string; text: string; note: string; button: string }) => ({
  subject: w.subject,
  html: layout(`<p>${w.text}</p>
  {% if note != blank %}<p>${w.note}: {{ note }}</p>{% endif %}
  ${button('{{ link }}', w.button)}`),
});

export const PRODUCT_TEMPLATES = {
  'product-approved': {
    description: 'To a vendor: an admin approved one of its products.',
    variables: common,
    ...inEveryLanguage(
      {
        en: {
          subject: '{{ product_title }} is approved',
          text: 'Good news {{ vendor }}: <strong>{{ product_title }}</strong> is approved and visible on {{ shop_name }}.',
          note: 'Note',
          button: 'View the product',
        },
        nl: {
          subject: '{{ product_title }} is goedgekeurd',
          text: 'Goed nieuws {{ vendor }}: <strong>{{ product_title }}</strong> is goedgekeurd en zichtbaar op {{ shop_name }}.',
          note: 'Opmerking',
          button: 'Product bekijken',
        },
        de: {
          subject: '{{ product_title }} ist freigegeben',
          text: 'Gute Nachricht, {{ vendor }}: <strong>{{ product_title }}</strong> ist freigegeben und auf {{ shop_name }} sichtbar.',
          note: 'Hinweis',
          button: 'Produkt ansehen',
        },
        fr: {
          subject: '{{ product_title }} est approuvé',
          text: 'Bonne nouvelle {{ vendor }} : <strong>{{ product_title }}</strong> est approuvé et visible sur {{ shop_name }}.',
          note: 'Remarque',
          button: 'Voir le produit',
        },
        es: {
          subject: '{{ product_title }} está aprobado',
          text: 'Buenas noticias, {{ vendor }}: <strong>{{ product_title }}</strong> está aprobado y visible en {{ shop_name }}.',
          note: 'Nota',
          button: 'Ver el producto',
        },
      },
      decision,
    ),
  },
  'product-unapproved': {
    description: 'To a vendor: an admin unapproved one of its products.',
    variables: common,
    ...inEveryLanguage(
      {
        en: {
          subject: '{{ product_title }} needs changes',
          text: 'Hello {{ vendor }}, <strong>{{ product_title }}</strong> is no longer approved on {{ shop_name }}.',
          note: 'Note',
          button: 'Edit the product',
        },
        nl: {
          subject: '{{ product_title }} moet worden aangepast',
          text: 'Hallo {{ vendor }}, <strong>{{ product_title }}</strong> is niet langer goedgekeurd op {{ shop_name }}.',
          note: 'Opmerking',
          button: 'Product bewerken',
        },
        de: {
          subject: '{{ product_title }} muss überarbeitet werden',
          text: 'Hallo {{ vendor }}, <strong>{{ product_title }}</strong> ist auf {{ shop_name }} nicht mehr freigegeben.',
          note: 'Hinweis',
          button: 'Produkt bearbeiten',
        },
        fr: {
          subject: '{{ product_title }} doit être modifié',
          text: 'Bonjour {{ vendor }}, <strong>{{ product_title }}</strong> n’est plus approuvé sur {{ shop_name }}.',
          note: 'Remarque',
          button: 'Modifier le produit',
        },
        es: {
          subject: '{{ product_title }} necesita cambios',
          text: 'Hola {{ vendor }}, <strong>{{ product_title }}</strong> ya no está aprobado en {{ shop_name }}.',
          note: 'Nota',
          button: 'Editar el producto',
        },
      },
      decision,
    ),
  },
  'export-ready': {
    description: 'To whoever started an export: the file is ready to download.',
    variables: {
      kind: v('what was exported', 'products'),
      rows: v('how many rows the file has', 1250),
      link: v('the export in the app (sign-in required to download)', `${SAMPLE.adminLink}/products?export=123`),
    },
    ...inEveryLanguage(
      {
        en: {
          subject: 'Your {{ kind }} export is ready',
          text: 'Your export of {{ rows }} {{ kind }} from {{ shop_name }} is ready.',
          button: 'Download the file',
          only: 'The file can be downloaded by your account only.',
        },
        nl: {
          subject: 'Je export ({{ kind }}) staat klaar',
          text: 'Je export van {{ rows }} rijen ({{ kind }}) uit {{ shop_name }} staat klaar.',
          button: 'Bestand downloaden',
          only: 'Alleen jouw account kan het bestand downloaden.',
        },
        de: {
          subject: 'Ihr Export ({{ kind }}) ist fertig',
          text: 'Ihr Export von {{ rows }} Zeilen ({{ kind }}) aus {{ shop_name }} ist fertig.',
          button: 'Datei herunterladen',
          only: 'Nur Ihr Konto kann die Datei herunterladen.',
        },
        fr: {
          subject: 'Votre export ({{ kind }}) est prêt',
          text: 'Votre export de {{ rows }} lignes ({{ kind }}) de {{ shop_name }} est prêt.',
          button: 'Télécharger le fichier',
          only: 'Seul votre compte peut télécharger le fichier.',
        },
        es: {
          subject: 'Tu exportación ({{ kind }}) está lista',
          text: 'Tu exportación de {{ rows }} filas ({{ kind }}) de {{ shop_name }} está lista.',
          button: 'Descargar el archivo',
          only: 'Solo tu cuenta puede descargar el archivo.',
        },
      },
      (w) => ({
        subject: w.subject,
        html: layout(`<p>${w.text}</p>
  ${button('{{ link }}', w.button)}
  <p>${w.only}</p>`),
      }),
    ),
  },
} satisfies Record<string, TemplateDefinition>;
