import useSWR, { mutate } from 'swr';
import type { z } from 'zod';
import { SheetStateSchema, SheetUrlBodySchema, type SheetState, type SheetTab } from '#shared/schemas/sheets';
import { endpoint } from '#web/api/endpoint.ts';
import { downloadFile } from '#web/api/download-file.ts';
import { saveBlob } from '#web/components/save-blob.ts';

const SHEET_KEY = 'integrations/sheets';
export const SHEET_POLL_MS = 1000;

const getSheet = endpoint({ path: 'integrations/sheets', answer: SheetStateSchema });
const putSheet = endpoint({ method: 'PUT', path: 'integrations/sheets', request: SheetUrlBodySchema, answer: SheetStateSchema });
const deleteSheet = endpoint({ method: 'DELETE', path: 'integrations/sheets', answer: SheetStateSchema });
const postTrigger = endpoint({ method: 'POST', path: 'integrations/sheets/trigger', answer: SheetStateSchema });

const isRunning = (state?: SheetState) => state?.run?.status === 'queued' || state?.run?.status === 'running';

/** GET integrations/sheets, every second while a run is queued or running (its progress). */
export function useSheet() {
  return useSWR(SHEET_KEY, () => getSheet(), { refreshInterval: (latest) => (isRunning(latest) ? SHEET_POLL_MS : 0) });
}

const settle = (state: SheetState) => mutate(SHEET_KEY, state, { revalidate: false }).then(() => state);

export async function saveSheet(body: z.output<typeof SheetUrlBodySchema>) {
  return settle(await putSheet(body));
}
export async function removeSheet() {
  await settle(await deleteSheet());
}
export async function triggerSheet() {
  return settle(await postTrigger());
}

/** GET integrations/sheets/download: one tab as a CSV file. */
export async function downloadSheet(tab: SheetTab) {
  const { blob, filename } = await downloadFile(`/api/integrations/sheets/download?tab=${tab}`, `${tab}.csv`);
  saveBlob(blob, filename);
}
