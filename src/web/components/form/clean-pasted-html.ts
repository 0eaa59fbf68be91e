/**
 * What Word and Google Docs put on the clipboard, made into markup the editor's schema reads as the
 * writer meant it. The schema itself drops every style, class and span; this handles what it would
 * misread: Word's lists are paragraphs with a typed bullet (`mso-list:Ignore`) and its empty
 * `<o:p>` elements, and headings outside the editor's two levels (Docs' "Heading 1" is an h1).
 */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const { body } = doc;
  for (const element of body.querySelectorAll('o\\:p, style, meta, link, title, xml')) element.remove();
  const isWordList = (element: Element) =>
    element.tagName === 'P' && (/^MsoListParagraph/.test(element.className) || /mso-list:\s*l\d/.test(element.getAttribute('style') ?? ''));
  for (const first of [...body.querySelectorAll('p')]) {
    if (!first.isConnected || !isWordList(first) || (first.previousElementSibling && isWordList(first.previousElementSibling))) continue;
    const marker = first.querySelector('[style*="mso-list:Ignore"], [style*="mso-list: Ignore"]')?.textContent?.trim() ?? '';
    const list = doc.createElement(/^[0-9a-z]{1,3}[.)]$/i.test(marker) ? 'ol' : 'ul');
    first.before(list);
    for (let item: Element | null = first; item && isWordList(item); ) {
      const next: Element | null = item.nextElementSibling;
      const li = doc.createElement('li');
      li.append(...item.childNodes);
      list.append(li);
      item.remove();
      item = next;
    }
  }
  for (const marker of body.querySelectorAll('[style*="mso-list:Ignore"], [style*="mso-list: Ignore"]')) marker.remove();
  for (const heading of body.querySelectorAll('h1, h4, h5, h6')) {
    const replacement = doc.createElement(heading.tagName === 'H1' ? 'h2' : 'h3');
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
  }
  return body.innerHTML;
}
