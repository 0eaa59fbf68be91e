/** The frame every default body shares: the shop's name as a heading, a narrow readable column. */
export const layout = (body: string) => `<div style="font-family:Arial,sans-serif;max-width:560px;margin:auto;color:#111827">
  <h2 style="color:#4f46e5">{{ shop_name }}</h2>
  ${body}
</div>`;

/** A button-like link, for the one action a mail asks for. */
export const button = (href: string, label: string) =>
  `<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none">${label}</a></p>`;

/** A link in a sentence to the mail's `link` variable. */
export const toLink = (label: string) => `<a href="{{ link }}">${label}</a>`;

/** A quoted message, its line breaks kept. */
export const quote = (text: string) =>
  `<blockquote style="border-left:3px solid #e5e7eb;margin:0;padding-left:12px;white-space:pre-wrap">${text}</blockquote>`;

/** Order lines as a table: title, quantity and price of each line, under the headings of the mail's language. */
export const lineItemsTable = ([item, qty, price]: string[]) => `<table style="width:100%;border-collapse:collapse" cellpadding="6">
    <tr style="text-align:left;border-bottom:1px solid #e5e7eb"><th>${item}</th><th>${qty}</th><th style="text-align:right">${price}</th></tr>
    {% for item in line_items %}<tr style="border-bottom:1px solid #f3f4f6"><td>{{ item.title }}{% if item.sku != blank %} <small>({{ item.sku }})</small>{% endif %}</td><td>{{ item.quantity }}</td><td style="text-align:right">{{ item.price }}</td></tr>
    {% endfor %}</table>`;
