/**
 * A failed connection in words a person can act on. Node reports it as a code inside the error or
 * its cause ("getaddrinfo ENOTFOUND shop.example", fetch's "fetch failed" with the code in
 * `cause`), which means nothing to an admin who typed an address or a key; each kind of failure
 * says what to check instead. `host` is the address the person knows (their shop's, Brevo's).
 * Null when the error is not a failed connection (a refused login keeps its own words).
 */
export function networkFailureText(error: unknown, host: string): string | null {
  switch (failureKind(error)) {
    case 'address':
      return `Could not reach ${host}. Check the address.`;
    case 'refused':
      return `Could not reach ${host}: nothing answers there. Check the address and the port.`;
    case 'timeout':
      return `${host} did not answer in time. Try again later.`;
    case 'cut':
      return `${host} closed the connection. Try again later.`;
    case 'certificate':
      return `${host} does not have a valid HTTPS certificate.`;
    default:
      return null;
  }
}

const KINDS: [RegExp, 'address' | 'refused' | 'timeout' | 'cut' | 'certificate'][] = [
  [/\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EHOSTUNREACH|ENETUNREACH)\b/, 'address'],
  [/\bECONNREFUSED\b/, 'refused'],
  [/\b(ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_CONNECT_TIMEOUT|TimeoutError)\b|timed out|in time/i, 'timeout'],
  [/\b(ECONNRESET|EPIPE|UND_ERR_SOCKET)\b/, 'cut'],
  [/\b(CERT_\w+|\w*_CERT\w*|ERR_TLS_CERT_ALTNAME_INVALID|UNABLE_TO_VERIFY_LEAF_SIGNATURE)\b/, 'certificate'],
];

/** The kind of the failure, from the codes, names and messages along the error's causes. */
function failureKind(error: unknown) {
  const said: string[] = [];
  for (let cause = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, name, message } = cause as { code?: unknown; name?: unknown; message?: unknown };
    said.push(...[code, name, message].filter((part): part is string => typeof part === 'string'));
  }
  const text = said.join(' ');
  return KINDS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}
