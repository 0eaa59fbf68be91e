import { importPKCS8, SignJWT } from 'jose';

/** The service account the server writes sheets as (configuration, never a store's setting). */
export interface SheetsCredentials {
  clientEmail: string;
  /** PKCS#8 PEM of the account's RSA key. */
  privateKey: string;
}

export interface SheetsClientOptions {
  credentials: SheetsCredentials;
  /** https://sheets.googleapis.com (an in-process fake in tests). */
  apiUrl: string;
  /** https://oauth2.googleapis.com/token; also the JWT's audience. */
  tokenUrl: string;
  /** Write requests a minute this process allows itself (Google: 60 a minute per user). */
  writesPerMinute: number;
  /** Longest single wait on a 429 before the write counts as failed (the job then retries later). */
  maxBackoffMs?: number;
  /** Tests shorten the one-minute window the writes are counted in. */
  windowMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Google refused (4xx other than 429): the sheet is missing, not shared, or the request is wrong. Not worth retrying. */
export class SheetsRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
const RETRIES = 8;

const sleepFor = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });

/** Retry-After is seconds or an HTTP date (RFC 9110 10.2.3). */
function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function googleMessage(res: Response) {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; error_description?: string };
    if (typeof body.error === 'object' && body.error.message) return body.error.message;
    return body.error_description ?? (typeof body.error === 'string' ? body.error : text);
  } catch {
    return text || res.statusText;
  }
}

/** Without Retry-After: 1 s, 2 s, 4 s ... 64 s with up to a second of jitter, as Google's guide for 429s asks. */
const backoffMs = (attempt: number) => Math.min(64_000, 1000 * 2 ** attempt) + Math.floor(Math.random() * 1000);

const quoteTab = (tab: string) => `'${tab.replace(/'/g, "''")}'`;

/**
 * Google Sheets API v4 as a service account: a JWT signed
 * RS256 with the account's key is exchanged for a bearer token, kept until shortly before it
 * expires. Writes are paced to `writesPerMinute` in this process, and a 429 (the project's or the
 * user's quota, or another process's writes) waits as long as Retry-After says, or backs off
 * exponentially when it says nothing, before the same request is sent again.
 */
export function createSheetsClient(options: SheetsClientOptions) {
  const sleep = options.sleep ?? sleepFor;
  const windowMs = options.windowMs ?? 60_000;
  const maxBackoffMs = options.maxBackoffMs ?? 120_000;
  let token: { value: string; until: number } | null = null;
  let key: Promise<CryptoKey> | null = null;
  /** When this process's recent writes were sent, oldest first (the pacing window). */
  const recentWrites: number[] = [];
  const stats = { writes: 0, throttled: 0 };

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    key ??= importPKCS8(options.credentials.privateKey, 'RS256');
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(options.credentials.clientEmail)
      .setAudience(options.tokenUrl)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await key);
    const res = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    if (!res.ok) throw new SheetsRefusal(res.status, `Google sign-in failed: ${await googleMessage(res)}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    // A minute early, so a token never expires between this check and Google's.
    token = { value: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function pace(signal?: AbortSignal) {
    for (;;) {
      const now = Date.now();
      while (recentWrites.length && recentWrites[0] <= now - windowMs) recentWrites.shift();
      if (recentWrites.length < options.writesPerMinute) break;
      await sleep(recentWrites[0] + windowMs - now, signal);
    }
    recentWrites.push(Date.now());
  }

  async function call<T>(method: string, path: string, body: unknown, write: boolean, signal?: AbortSignal): Promise<T> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      if (write) await pace(signal);
      const bearer = await accessToken();
      let res: Response;
      try {
        res = await fetch(`${options.apiUrl}/v4/spreadsheets/${path}`, {
          method,
          headers: { authorization: `Bearer ${bearer}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
          body: payload,
          signal,
        });
      } catch (error) {
        // No answer (a kept-alive connection closed by the other side, a reset): sent again like a 5xx.
        if (signal?.aborted || attempt >= RETRIES) throw error;
        await sleep(backoffMs(attempt), signal);
        continue;
      }
      if (res.ok) {
        if (write) stats.writes += 1;
        return (await res.json()) as T;
      }
      const retryable = res.status === 429 || res.status >= 500;
      if (res.status === 401 && attempt === 0) {
        // A token revoked or expired early: one fresh sign-in, then the same request.
        token = null;
        await res.body?.cancel();
        continue;
      }
      if (!retryable || attempt >= RETRIES) {
        const message = await googleMessage(res);
        if (retryable) throw new Error(`Google Sheets answered ${res.status}: ${message}`);
        throw new SheetsRefusal(res.status, message);
      }
      if (res.status === 429) stats.throttled += 1;
      const told = retryAfterMs(res.headers.get('retry-after'), Date.now());
      await res.body?.cancel();
      await sleep(Math.min(told ?? backoffMs(attempt), maxBackoffMs), signal);
    }
  }

  const id = (spreadsheetId: string) => encodeURIComponent(spreadsheetId);

  return {
    clientEmail: options.credentials.clientEmail,
    /** Writes sent and 429s met since the client was made (the benchmark prints them). */
    stats,

    /** spreadsheets.get: the sheet's tab titles (also proves the account may open it). */
    async tabTitles(spreadsheetId: string, signal?: AbortSignal) {
      const sheet = await call<{ sheets?: { properties: { title: string } }[] }>(
        'GET',
        `${id(spreadsheetId)}?fields=sheets.properties`,
        undefined,
        false,
        signal,
      );
      return (sheet.sheets ?? []).map((s) => s.properties.title);
    },

    /** values.get of one cell ("'verify'!A1"): its text, '' when empty; a tab that does not exist is a SheetsRefusal (400). */
    async readCell(spreadsheetId: string, tab: string, cell: string, signal?: AbortSignal) {
      const range = encodeURIComponent(`${quoteTab(tab)}!${cell}`);
      const answer = await call<{ values?: unknown[][] }>('GET', `${id(spreadsheetId)}/values/${range}`, undefined, false, signal);
      return String(answer.values?.[0]?.[0] ?? '');
    },

    /** spreadsheets.batchUpdate with addSheet requests. */
    async addTabs(spreadsheetId: string, titles: string[], signal?: AbortSignal) {
      if (titles.length === 0) return;
      await call(
        'POST',
        `${id(spreadsheetId)}:batchUpdate`,
        { requests: titles.map((title) => ({ addSheet: { properties: { title } } })) },
        true,
        signal,
      );
    },

    /** values.batchClear of whole tabs. */
    async clearTabs(spreadsheetId: string, titles: string[], signal?: AbortSignal) {
      await call('POST', `${id(spreadsheetId)}/values:batchClear`, { ranges: titles.map(quoteTab) }, true, signal);
    },

    /**
     * values.batchUpdate of rows from `firstRow` (1-based) in one tab: writing at a fixed place
     * (rather than appending) makes a repeated write after a crash overwrite itself.
     */
    async writeRows(spreadsheetId: string, tab: string, firstRow: number, rows: string[][], signal?: AbortSignal) {
      await call(
        'POST',
        `${id(spreadsheetId)}/values:batchUpdate`,
        { valueInputOption: 'RAW', data: [{ range: `${quoteTab(tab)}!A${firstRow}`, majorDimension: 'ROWS', values: rows }] },
        true,
        signal,
      );
    },
  };
}

export type SheetsClient = ReturnType<typeof createSheetsClient>;
