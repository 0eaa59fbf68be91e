import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';

/**
 * An in-process Google: the OAuth token endpoint (a service account's RS256 JWT, checked against
 * the account's public key, for a bearer token) and the Sheets API v4 calls the export uses:
 * spreadsheets.get, spreadsheets.batchUpdate (addSheet),
 * values.batchUpdate, values.append, values.batchClear. Like Google it counts write requests per
 * user in a one-minute window and answers 429 RESOURCE_EXHAUSTED beyond the quota, refuses bodies
 * over its size limit, refuses a sheet not shared with the account (403) or unknown (404).
 */

type Json = Record<string, unknown>;

interface FakeSpreadsheet {
  /** Tab title → rows of cells (a missing cell is ""). */
  tabs: Map<string, string[][]>;
  /** E-mails the sheet is shared with (edit rights). */
  editors: Set<string>;
}

export interface FakeSheetsOptions {
  /** Write requests a user may send per window (Google: 60 a minute). */
  writesPerWindow?: number;
  windowMs?: number;
  /** Seconds sent in Retry-After with a 429 (Google mostly sends none: null). */
  retryAfterSeconds?: number | null;
  /** Largest request body accepted (Google advises about 2 MB). */
  maxBodyBytes?: number;
}

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

/** "'Orders'!A5" or "Orders!A5:T9" or "'Orders'" → tab and 0-based start row/column. */
function parseRange(range: string) {
  const match = /^(?:'((?:[^']|'')+)'|([^!]+))(?:!([A-Z]+)(\d+)(?::[A-Z]+\d*)?)?$/.exec(range);
  if (!match) return null;
  const tab = match[1] !== undefined ? match[1].replace(/''/g, "'") : match[2];
  const column = match[3] ? [...match[3]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1 : 0;
  const row = match[4] ? Number(match[4]) - 1 : 0;
  return { tab, row, column, whole: !match[3] };
}

export async function startFakeGoogleSheets(options: FakeSheetsOptions = {}) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'marketplace-export@fake-project.iam.gserviceaccount.com';
  const accountKey = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  const tokens = new Map<string, { email: string; until: number }>();
  const spreadsheets = new Map<string, FakeSpreadsheet>();
  const windows = new Map<string, number[]>();
  const state = {
    writesPerWindow: options.writesPerWindow ?? 60,
    windowMs: options.windowMs ?? 60_000,
    retryAfterSeconds: options.retryAfterSeconds === undefined ? null : options.retryAfterSeconds,
    maxBodyBytes: options.maxBodyBytes ?? 2_000_000,
  };
  const stats = { writes: 0, throttled: 0, tokens: 0, badJwts: 0, largestBody: 0 };
  let baseUrl = '';

  async function token(body: URLSearchParams) {
    if (body.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    try {
      const { payload } = await jwtVerify(body.get('assertion') ?? '', accountKey, {
        algorithms: ['RS256'],
        audience: `${baseUrl}/token`,
        issuer: clientEmail,
        maxTokenAge: '1h',
      });
      if (payload.scope !== 'https://www.googleapis.com/auth/spreadsheets') return { status: 400, body: { error: 'invalid_scope' } };
    } catch {
      stats.badJwts += 1;
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    }
    const value = `ya29.${randomBytes(24).toString('hex')}`;
    tokens.set(value, { email: clientEmail, until: Date.now() + 3_600_000 });
    stats.tokens += 1;
    return { status: 200, body: { access_token: value, expires_in: 3599, token_type: 'Bearer' } };
  }

  /** Counts a write of `user`; false when the window's quota is spent. */
  function admitWrite(user: string) {
    const now = Date.now();
    const recent = (windows.get(user) ?? []).filter((at) => at > now - state.windowMs);
    windows.set(user, recent);
    if (recent.length >= state.writesPerWindow) return false;
    recent.push(now);
    return true;
  }

  function writeCells(sheet: FakeSpreadsheet, range: string, values: unknown, append: boolean) {
    const at = parseRange(range);
    if (!at || !sheet.tabs.has(at.tab)) return `Unable to parse range: ${range}`;
    if (!Array.isArray(values) || !values.every((row) => Array.isArray(row))) return 'Invalid values';
    const grid = sheet.tabs.get(at.tab) as string[][];
    const first = append ? grid.length : at.row;
    (values as unknown[][]).forEach((row, i) => {
      const target = (grid[first + i] ??= []);
      row.forEach((value, j) => (target[at.column + j] = String(value ?? '')));
    });
    for (let i = 0; i < grid.length; i++) grid[i] ??= [];
    return null;
  }

  async function handle(
    method: string,
    path: string,
    headers: Record<string, string | string[] | undefined>,
    raw: string,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    if (method === 'POST' && path === '/token') return token(new URLSearchParams(raw));
    const bearer = /^Bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
    const session = bearer ? tokens.get(bearer) : undefined;
    if (!session || session.until < Date.now())
      return { status: 401, body: googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.') };
    const match = /^\/v4\/spreadsheets\/([^/:]+)(.*)$/.exec(path);
    if (!match) return { status: 404, body: googleError(404, 'NOT_FOUND', 'Not found') };
    const sheet = spreadsheets.get(decodeURIComponent(match[1]));
    if (!sheet) return { status: 404, body: googleError(404, 'NOT_FOUND', 'Requested entity was not found.') };
    if (!sheet.editors.has(session.email))
      return { status: 403, body: googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission') };
    const rest = decodeURIComponent(match[2]);
    if (method === 'GET' && rest === '') {
      return {
        status: 200,
        body: {
          spreadsheetId: match[1],
          sheets: [...sheet.tabs.keys()].map((title, index) => ({ properties: { sheetId: index, title, index } })),
        },
      };
    }
    const read = /^\/values\/(.+)$/.exec(rest);
    if (method === 'GET' && read) {
      // spreadsheets.values.get: the cells of a range, rows without trailing empty cells, no `values` when all are empty.
      const at = parseRange(read[1]);
      if (!at || !sheet.tabs.has(at.tab))
        return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${read[1]}`) };
      const value = sheet.tabs.get(at.tab)?.[at.row]?.[at.column] ?? '';
      return { status: 200, body: { range: read[1], majorDimension: 'ROWS', ...(value ? { values: [[value]] } : {}) } };
    }
    if (method !== 'POST') return { status: 404, body: googleError(404, 'NOT_FOUND', 'Not found') };
    if (Buffer.byteLength(raw) > state.maxBodyBytes)
      return { status: 413, body: googleError(413, 'INVALID_ARGUMENT', 'Request payload size exceeds the limit') };
    if (!admitWrite(session.email)) {
      stats.throttled += 1;
      const message =
        "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'sheets.googleapis.com'.";
      return {
        status: 429,
        body: googleError(429, 'RESOURCE_EXHAUSTED', message),
        headers: state.retryAfterSeconds === null ? {} : { 'retry-after': String(state.retryAfterSeconds) },
      };
    }
    stats.writes += 1;
    const body = JSON.parse(raw || '{}') as Json;
    if (rest === ':batchUpdate') {
      for (const request of (body.requests as Json[]) ?? []) {
        const title = (request.addSheet as { properties?: { title?: string } } | undefined)?.properties?.title;
        if (!title) return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'Invalid requests') };
        if (sheet.tabs.has(title))
          return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', `A sheet with the name "${title}" already exists.`) };
        sheet.tabs.set(title, []);
      }
      return { status: 200, body: { spreadsheetId: match[1], replies: [] } };
    }
    if (rest === '/values:batchUpdate') {
      if (body.valueInputOption !== 'RAW' && body.valueInputOption !== 'USER_ENTERED')
        return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'Invalid valueInputOption') };
      let rows = 0;
      for (const data of (body.data as Json[]) ?? []) {
        const error = writeCells(sheet, String(data.range), data.values, false);
        if (error) return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', error) };
        rows += (data.values as unknown[]).length;
      }
      return { status: 200, body: { spreadsheetId: match[1], totalUpdatedRows: rows } };
    }
    if (rest === '/values:batchClear') {
      for (const range of (body.ranges as string[]) ?? []) {
        const at = parseRange(range);
        if (!at || !sheet.tabs.has(at.tab))
          return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${range}`) };
        if (at.whole) sheet.tabs.set(at.tab, []);
      }
      return { status: 200, body: { spreadsheetId: match[1], clearedRanges: body.ranges } };
    }
    const append = /^\/values\/(.+):append$/.exec(rest);
    if (append) {
      const error = writeCells(sheet, append[1], body.values, true);
      if (error) return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', error) };
      return { status: 200, body: { spreadsheetId: match[1], updates: { updatedRows: (body.values as unknown[]).length } } };
    }
    return { status: 404, body: googleError(404, 'NOT_FOUND', 'Not found') };
  }

  let drops = 0;
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (drops > 0) {
      drops -= 1;
      return void req.socket.destroy();
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    stats.largestBody = Math.max(
      stats.largestBody,
      chunks.reduce((n, c) => n + c.length, 0),
    );
    const url = new URL(req.url ?? '/', 'http://fake');
    const reply = await handle(req.method ?? 'GET', url.pathname, req.headers, raw);
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=UTF-8', ...reply.headers });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    tokenUrl: `${baseUrl}/token`,
    clientEmail,
    /** The account's key as in its JSON key file (PKCS#8 PEM). */
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    stats,
    state,
    /** The server's settings for this fake: what GOOGLE_SHEETS_* would be. */
    env(extra: Record<string, string> = {}) {
      return {
        GOOGLE_SHEETS_CLIENT_EMAIL: clientEmail,
        GOOGLE_SHEETS_PRIVATE_KEY: this.privateKey,
        GOOGLE_SHEETS_API_URL: baseUrl,
        GOOGLE_OAUTH_TOKEN_URL: `${baseUrl}/token`,
        ...extra,
      };
    },
    /** What the sheet's owner types into a cell (a tab made if missing), as in the Sheets screen. */
    setCell(id: string, tab: string, row: number, column: number, value: string) {
      const sheet = spreadsheets.get(id);
      if (!sheet) throw new Error(`no spreadsheet ${id}`);
      if (!sheet.tabs.has(tab)) sheet.tabs.set(tab, []);
      const grid = sheet.tabs.get(tab) as string[][];
      for (let i = 0; i <= row; i++) grid[i] ??= [];
      grid[row][column] = value;
    },
    /** A spreadsheet with one empty tab, shared with the service account unless said otherwise. */
    createSpreadsheet(options: { shared?: boolean } = {}) {
      const id = randomBytes(22).toString('base64url');
      spreadsheets.set(id, { tabs: new Map([['Sheet1', []]]), editors: new Set(options.shared === false ? [] : [clientEmail]) });
      return { id, url: `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0` };
    },
    /** Closes the connection of the next `count` requests without an answer (as a lost keep-alive connection does). */
    dropNext(count = 1) {
      drops = count;
    },
    /** A tab's rows as written. */
    rows(spreadsheetId: string, tab: string) {
      return spreadsheets.get(spreadsheetId)?.tabs.get(tab) ?? null;
    },
    tabs(spreadsheetId: string) {
      return [...(spreadsheets.get(spreadsheetId)?.tabs.keys() ?? [])];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type FakeGoogleSheets = Awaited<ReturnType<typeof startFakeGoogleSheets>>;
