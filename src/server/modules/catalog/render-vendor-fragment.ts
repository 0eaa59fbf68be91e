import type { PublicProduct } from '#shared/schemas/products';
import type { PublicVendorPage } from '#shared/schemas/vendor-page';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };
/** Every text and attribute value of the fragment goes through this. */
export const escapeHtml = (value: string) => value.replace(/[&<>"'`]/g, (c) => ENTITIES[c]);

/** Only http(s) URLs become src/href values; anything else (javascript:, data:) is dropped. */
function safeUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const price = (p: PublicProduct) =>
  p.priceMin === p.priceMax ? `${p.priceMin} ${p.currency}` : `${p.priceMin} – ${p.priceMax} ${p.currency}`;

const fieldValue = (value: PublicVendorPage['fields'][number]['value']) =>
  Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? '✓' : '✗') : value;

/**
 * The vendor's approved page above its products: image, description (rich text sanitised when it was
 * saved and again when read, so it goes in as markup) and the fields with their names, each escaped.
 */
function renderPage(vendor: string, page: PublicVendorPage): string {
  const image = safeUrl(page.imageUrl);
  const img = image ? `<img class="mp-vendor-image" src="${escapeHtml(image)}" alt="${escapeHtml(vendor)}" loading="lazy">` : '';
  const fields = page.fields.map(
    (f) =>
      `<dt class="mp-vendor-field-name">${escapeHtml(f.name)}</dt><dd class="mp-vendor-field-value" data-key="${escapeHtml(f.key)}">${escapeHtml(fieldValue(f.value))}</dd>`,
  );
  const list = fields.length ? `<dl class="mp-vendor-fields">${fields.join('')}</dl>` : '';
  return `<section class="mp-vendor-page">${img}<div class="mp-vendor-description">${page.description}</div>${list}</section>`;
}

/**
 * The storefront widget's HTML for a vendor's page and products: a plain list the theme styles through the
 * mp- classes. Product links are storefront paths (/products/{handle}). Every value is escaped and
 * no script, style or event attribute is ever written, so a product title cannot inject markup.
 */
export function renderVendorFragment(vendor: string, products: PublicProduct[], page: PublicVendorPage | null = null): string {
  const items = products.map((p) => {
    const image = safeUrl(p.image);
    const holiday = p.holiday ? `<span class="mp-product-holiday">${escapeHtml(p.holiday.message)}</span>` : '';
    const img = image ? `<img class="mp-product-image" src="${escapeHtml(image)}" alt="${escapeHtml(p.title)}" loading="lazy">` : '';
    return `<li class="mp-product"><a class="mp-product-link" href="/products/${encodeURIComponent(p.handle)}">${img}<span class="mp-product-title">${escapeHtml(p.title)}</span><span class="mp-product-price">${escapeHtml(price(p))}</span>${holiday}</a></li>`;
  });
  const body = items.length ? `<ul class="mp-product-grid">${items.join('')}</ul>` : '<p class="mp-empty">No products yet.</p>';
  return `<div class="mp-vendor-products" data-vendor="${escapeHtml(vendor)}">${page ? renderPage(vendor, page) : ''}${body}</div>`;
}
