import { HttpError } from '../api/http-error.ts';
import { i18next } from '../i18n/index.ts';

/** What to show for a failed call: the server's own text, or a plain sentence when it was never reached. */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  return i18next.t('networkError', { ns: 'common' });
}
