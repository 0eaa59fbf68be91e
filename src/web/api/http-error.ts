/** A non-OK answer: status, method and URL, with the server's `message` (or the whole JSON) as message. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly method: string,
    readonly url: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** Field errors of a 400 answer, keyed by path, for showing under form fields. */
  get fieldErrors(): Record<string, string> {
    const errors = (this.body as { errors?: { path: string; message: string }[] } | null)?.errors ?? [];
    return Object.fromEntries(errors.map((e) => [e.path, e.message]));
  }
}

export async function toHttpError(response: Response, method: string): Promise<HttpError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // a plain-text answer (sign-in errors): the text is the message
  }
  const message =
    typeof body === 'string'
      ? body || response.statusText
      : typeof (body as { message?: unknown })?.message === 'string'
        ? (body as { message: string }).message
        : JSON.stringify(body);
  return new HttpError(message, response.status, method, response.url, body);
}
