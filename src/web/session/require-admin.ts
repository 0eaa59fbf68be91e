import { redirect } from 'react-router';
import { getUser } from './session-store.ts';

/** Spec §6: commissions, notification templates and metafield definitions are admin calls; vendors go back home. */
export function requireAdmin() {
  return getUser()?.admin ? null : redirect('/');
}
