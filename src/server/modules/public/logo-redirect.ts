import type { Logo } from '#shared/schemas/registration';

/**
 * The URL to send a browser to for an image logo, or null to answer the logo as JSON. Only web
 * URLs and our own paths qualify: a stored `javascript:` or `//host` value is never a redirect.
 */
export function logoRedirectTarget(logo: Logo): string | null {
  if (logo.selected !== 'src' || !logo.src) return null;
  const src = logo.src.trim();
  if (src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\')) return src;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
