/** What a log line or the admins' outbox shows in place of a value that grants access. */
export const HIDDEN = '[hidden]';

/** Query parameters that carry a bearer secret: a buyer's token, a claim, a one-time code, OAuth state, a signature. */
const SECRET_PARAMS = new Set(['token', 'claim', 'code', 'state', 'hmac']);

/**
 * The URL with the values of its secret query parameters hidden, everything else as it was (so a
 * log still tells which call it was). Works on a path with a query as well as on an absolute URL.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end === -1 ? undefined : end);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent; only the names we know are secrets are hidden.
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) && eq !== -1 ? `${name}=${HIDDEN}` : pair;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${redacted}${end === -1 ? '' : url.slice(end)}`;
}

/**
 * A link that carries its token as the last segment of its path (`/app/offer/<token>`), with the
 * token hidden and the secret query parameters too: the reader sees where it leads, not how to act
 * as its owner.
 */
export function maskLinkToken(link: string): string {
  const redacted = redactUrl(link);
  const cut = redacted.search(/[?#]/);
  const path = cut === -1 ? redacted : redacted.slice(0, cut);
  const slash = path.lastIndexOf('/');
  const hasToken = slash !== -1 && slash < path.length - 1 && !path.endsWith('//');
  return hasToken ? `${path.slice(0, slash + 1)}${HIDDEN}${cut === -1 ? '' : redacted.slice(cut)}` : redacted;
}
