import { createSheetsClient, type SheetsClient } from '#server/adapters/google-sheets/google-sheets';
import type { AppContext } from '#server/context';

// One client per app: its token and its count of recent writes are shared by every run in the process.
const clients = new WeakMap<AppContext, SheetsClient>();

/** The service account's client, or null when the server has none configured. */
export function findSheetsClient(ctx: AppContext): SheetsClient | null {
  const { credentials, ...options } = ctx.config.googleSheets;
  if (!credentials) return null;
  let client = clients.get(ctx);
  if (!client) {
    client = createSheetsClient({ credentials, ...options });
    clients.set(ctx, client);
  }
  return client;
}
