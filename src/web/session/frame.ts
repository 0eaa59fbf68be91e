/** The app can run inside another page's frame. A cross-origin parent throws on access, which also means framed. */
export function detectEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** The access-token cookie the server sets for each mode (session-cookies.ts on the server). */
export function accessCookieName(embedded: boolean): string {
  return embedded ? 'mp_session_embedded' : 'mp_session';
}

/** The body marker and background: transparent with an iframe marker when framed, indigo otherwise. */
export function markFrame(embedded: boolean, body: HTMLElement = document.body) {
  if (embedded) {
    body.dataset.iframe = 'true';
    body.classList.add('iframe');
  } else {
    delete body.dataset.iframe;
    body.classList.remove('iframe');
  }
}
