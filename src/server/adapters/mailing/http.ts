import { networkFailureText } from '#server/lib/network-failure';
import { MAILING_TIMEOUT_MS, MailingError } from './types.ts';

/** One call to a provider: JSON in and out, a timeout, and a MailingError for anything but 2xx. */
export async function callProvider(
  label: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
  accept: (status: number) => boolean = (status) => status >= 200 && status < 300,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(MAILING_TIMEOUT_MS),
    });
  } catch (error) {
    const where = `${label} (${new URL(url).host})`;
    throw new MailingError(
      networkFailureText(error, where) ?? `Could not reach ${where}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text for the error message.
  }
  if (accept(response.status)) return { status: response.status, body };
  const refused = response.status === 401 || response.status === 403;
  throw new MailingError(
    refused ? `${label} refused the API key` : `${label} answered ${response.status}: ${providerMessage(body)}`,
    response.status,
    refused,
  );
}

/** The provider's own words, from its error body (Brevo: message; Klaviyo: errors[].detail). */
function providerMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as { message?: unknown; errors?: { detail?: unknown }[] };
    if (typeof record.message === 'string') return record.message.slice(0, 300);
    const detail = record.errors?.[0]?.detail;
    if (typeof detail === 'string') return detail.slice(0, 300);
  }
  return typeof body === 'string' ? body.slice(0, 300) : 'no details';
}
