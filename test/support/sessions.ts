import { DEMO_ACCOUNTS, type TestApp } from './test-app.ts';

/** A signed-in demo account, as the tests call the API with it. */
export type Session = Awaited<ReturnType<TestApp['login']>>;
export type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** The demo's admin and its two vendors, signed in. */
export async function demoSessions(t: TestApp) {
  const [admin, vendor1, vendor2] = await Promise.all([
    t.login(DEMO_ACCOUNTS.admin),
    t.login(DEMO_ACCOUNTS.vendor1),
    t.login(DEMO_ACCOUNTS.vendor2),
  ]);
  return { admin, vendor1, vendor2 };
}

/** Calls the API as this session. */
export function caller(t: TestApp, session: Session) {
  return (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: session.headers, payload });
}
