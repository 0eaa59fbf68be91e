import { redirect } from 'react-router';
import { getUser, isEmbedded } from '../../session/session-store.ts';

/** Spec §2: a signed-in user outside a frame has nothing to do on the sign-in screen. In a frame it stays, to sign in again. */
export function redirectSignedIn() {
  if (getUser() && !isEmbedded()) return redirect('/');
  return null;
}
