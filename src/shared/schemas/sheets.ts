import { z } from 'zod';
import { MSG } from '../messages.ts';

/** Where Google serves spreadsheets: the spec's {host} in "Must starts with {host}/spreadsheets/d/". */
export const SHEETS_HOST = 'https://docs.google.com';
const SHEET_URL_PREFIX = `${SHEETS_HOST}/spreadsheets/d/`;

export const SHEETS_MESSAGES = {
  urlPrefix: `Must starts with ${SHEET_URL_PREFIX}`,
  urlWithoutId: 'The address has no spreadsheet id after /spreadsheets/d/',
  notConfigured: 'Google Sheets is not set up on this server (no service account)',
  noSheet: 'Save a sheet address first',
  running: 'The sheet is being written already',
  notVerified: (token: string) =>
    `Prove this sheet is yours before it is written: add a tab named "verify" and put ${token} in its cell A1, then start the export again`,
} as const;

/** Where the sheet's owner puts the verification token (see SheetStateSchema.verification). */
export const SHEET_VERIFICATION = { tab: 'verify', cell: 'A1' } as const;

/** The tabs the export writes, in this order; the download offers the same two. */
export const SHEET_TABS = ['orders', 'products'] as const;
export type SheetTab = (typeof SHEET_TABS)[number];

/** The id in https://docs.google.com/spreadsheets/d/{id}/edit#gid=0 (null when there is none). */
export function spreadsheetIdOf(url: string): string | null {
  if (!url.startsWith(SHEET_URL_PREFIX)) return null;
  return /^([A-Za-z0-9_-]{10,200})(?:[/?#]|$)/.exec(url.slice(SHEET_URL_PREFIX.length))?.[1] ?? null;
}

/** PUT integrations/sheets (the sheet URL starts with {host}/spreadsheets/d/). */
export const SheetUrlBodySchema = z.strictObject({
  url: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(500, 'Must be at most 500 characters')
    .refine((url) => url.startsWith(SHEET_URL_PREFIX), SHEETS_MESSAGES.urlPrefix)
    .refine((url) => !url.startsWith(SHEET_URL_PREFIX) || spreadsheetIdOf(url) !== null, SHEETS_MESSAGES.urlWithoutId),
});
export type SheetUrlBody = z.input<typeof SheetUrlBodySchema>;

export const SHEET_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** The last (or current) write of the sheet: its progress while it runs, its result after. */
export const SheetRunSchema = z.object({
  status: z.enum(SHEET_RUN_STATUSES),
  /** 0 to 100, from the orders and products written out of those counted at the start. */
  progress: z.number().int(),
  /** Spreadsheet rows written (an order has a row per line). */
  rows: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type SheetRun = z.infer<typeof SheetRunSchema>;

/** GET/PUT/DELETE integrations/sheets and POST integrations/sheets/trigger answer. */
export const SheetStateSchema = z.object({
  url: z.string().nullable(),
  /** The service account the sheet must be shared with (edit rights); null while the server has none. */
  serviceAccount: z.string().nullable(),
  /**
   * The token the sheet's owner puts in cell A1 of a tab named "verify", so that the export knows the
   * sheet is the caller's before it clears and writes its tabs; null while no sheet is set.
   */
  verificationToken: z.string().nullable(),
  run: SheetRunSchema.nullable(),
});
export type SheetState = z.infer<typeof SheetStateSchema>;

export const SheetDownloadQuerySchema = z.strictObject({ tab: z.enum(SHEET_TABS).default('orders') });
