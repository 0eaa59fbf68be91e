import { redirect } from 'react-router';
import { getUser } from './session-store.ts';

/** Commissions, notification templates and metafield definitions are admin calls; vendors go back home. */
export function requireAdmin() {
  return getUser()?.admin ? null : redirect('/');
}
