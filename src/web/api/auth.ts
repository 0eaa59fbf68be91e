import type { ChangePasswordRequest, ChangePasswordUpdate, Login } from '#shared/schemas/auth';
import { call, http, sessionHttp } from './client.ts';

/** The sign-in and reset calls take form bodies, as the storefront's proxy form does. */
function form(values: Record<string, string>) {
  return new URLSearchParams(values);
}

/** Errors are not thrown; true when a new session cookie was set. */
export async function postRefresh(): Promise<boolean> {
  try {
    await sessionHttp.post('auth/public/refresh', { retry: 0 });
    return true;
  } catch {
    return false;
  }
}

/** Ends the session; a failure (already signed out, offline) must not keep the user in. */
export async function postLogout(): Promise<void> {
  try {
    await http.post('auth/public/logout');
  } catch {
    // the cookies expire on their own; the sign-in screen follows either way
  }
}

/** Signs in; a failure throws an HttpError whose message is the server's plain text. */
export function postLogin(values: Login): Promise<string> {
  return call(() => sessionHttp.post('auth/public/login', { body: form(values) }), 'POST', 'text');
}

/** Mails a reset code; the server answers 201 for any address. */
export function postChangePasswordRequest(values: ChangePasswordRequest): Promise<string> {
  return call(() => sessionHttp.post('auth/public/change-password/request', { body: form(values) }), 'POST', 'text');
}

/** Sets the new password with the mailed code; 201 also signs in. */
export function postChangePasswordUpdate(values: ChangePasswordUpdate): Promise<string> {
  return call(() => sessionHttp.post('auth/public/change-password/update', { body: form(values) }), 'POST', 'text');
}

/** Admins only: act as one vendor, or '*' for the marketplace view. */
export function postSwitchVendor(vendor: string): Promise<{ token: string; exp: number }> {
  return call(() => http.post('auth/switch-vendor', { json: { vendor } }), 'POST');
}
