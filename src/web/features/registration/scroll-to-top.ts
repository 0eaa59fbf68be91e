/**
 * After the application is sent the thank-you text replaces a long form: bring it into view, and
 * when the page is embedded, ask the host page to scroll too. Reaching into window.top only works
 * on the same origin, so a cross-origin host gets the message instead.
 */
export function scrollToTop() {
  window.scrollTo({ top: 0 });
  if (window.parent === window) return;
  window.parent.postMessage({ type: 'marketplace:scroll-top' }, '*');
  try {
    window.top?.scrollTo({ top: 0 });
  } catch {
    // a cross-origin parent: the message above is all we can do
  }
}
