import { redirect, type LoaderFunctionArgs } from 'react-router';
import { returnPathOf } from '#web/session/return-path.ts';
import { getUser, isEmbedded } from '#web/session/session-store.ts';

/**
 * A signed-in user outside a frame has nothing to do on the sign-in screen: on to the
 * address they came for (the reload after signing in lands here), or home. In a frame it stays, to sign in again.
 */
export function redirectSignedIn({ request }: LoaderFunctionArgs) {
  if (getUser() && !isEmbedded()) return redirect(returnPathOf(new URL(request.url).search));
  return null;
}
