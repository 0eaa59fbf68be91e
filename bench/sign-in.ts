/**
 * Signs in with the real login call and answers the headers of that session (cookie + X-Iframe).
 * In a module of its own so that a bench's worker thread (health-probe.ts) signs in without loading the app.
 */
export async function signIn(base: string, store: string, email: string, password: string) {
  const res = await fetch(`${base}/api/auth/public/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-iframe': 'false' },
    body: JSON.stringify({ store, email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('mp_session='));
  if (!session) throw new Error(`login ${email}: no mp_session cookie`);
  return { cookie: session, 'x-iframe': 'false' };
}
