import type { PublicProduct } from '#shared/schemas/products';

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

const price = (p: PublicProduct) => (p.priceMin === p.priceMax ? `${p.priceMin} ${p.currency}` : `${p.priceMin} – ${p.priceMax} ${p.currency}`);

/**
 * The storefront widget's HTML for a vendor's products: a plain list the theme styles through the
 * mp- classes. Product links are storefront paths (/products/{handle}). Every value is escaped and
 * no script, style or event attribute is ever written, so a product title cannot inject markup.
 */
export function renderVendorFragment(vendor: string, products: PublicProduct[]): string {
  const items = products.map((p) => {
    const image = safeUrl(p.image);
    const holiday = p.holiday ? `<span class="mp-product-holiday">${escapeHtml(p.holiday.message)}</span>` : '';
    const img = image ? `<img class="mp-product-image" src="${escapeHtml(image)}" alt="${escapeHtml(p.title)}" loading="lazy">` : '';
    return `<li class="mp-product"><a class="mp-product-link" href="/products/${encodeURIComponent(p.handle)}">${img}<span class="mp-product-title">${escapeHtml(p.title)}</span><span class="mp-product-price">${escapeHtml(price(p))}</span>${holiday}</a></li>`;
  });
  const body = items.length ? `<ul class="mp-product-grid">${items.join('')}</ul>` : '<p class="mp-empty">No products yet.</p>';
  return `<div class="mp-vendor-products" data-vendor="${escapeHtml(vendor)}">${body}</div>`;
}
