import { useSyncExternalStore } from 'react';
import { getUser, subscribe } from './session-store.ts';
import type { SessionUser } from './session-user.ts';

/** The signed-in user, re-rendering when a refresh changes the claims or ends the session. */
export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribe, getUser, getUser);
}
