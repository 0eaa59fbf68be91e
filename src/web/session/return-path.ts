/** The router's basename: app paths are written without it. */
const BASE = '/app';

/**
 * Where a signed-out visit to an app address is sent: the sign-in screen, with the address to
 * return to in `next` (e-mails link into the app). A `?store=` stays on the sign-in screen.
 */
export function signInPathFor(url: URL): string {
  const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) || '/' : url.pathname;
  const rest = new URLSearchParams(url.search);
  const store = rest.get('store');
  rest.delete('store');
  rest.delete('next');
  const back = path + (rest.size ? `?${rest}` : '');
  const query = new URLSearchParams();
  if (store) query.set('store', store);
  if (back !== '/') query.set('next', back);
  return `/login${query.size ? `?${query}` : ''}`;
}

/**
 * The app address to open after signing in: `next` when it is a path of this app (never another
 * site: no scheme, no `//host`, no backslash tricks, not the sign-in area itself), else home.
 */
export function returnPathOf(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next) || /^\/login(?:[/?#]|$)/.test(next)) return '/';
  return next;
}
