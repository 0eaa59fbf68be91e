import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SheetState } from '#shared/schemas/sheets';
import { HttpError } from '#web/api/http-error.ts';
import { i18next } from '#web/i18n/index.ts';

// The screen over its calls: what the server answered is held here, as SWR would hold it.
const api = vi.hoisted(() => ({
  state: null as unknown as SheetState,
  saveSheet: vi.fn(),
  removeSheet: vi.fn(),
  triggerSheet: vi.fn(),
  downloadSheet: vi.fn(),
}));
vi.mock('./api/sheets.ts', () => ({
  useSheet: () => ({ data: api.state, isLoading: false, error: undefined }),
  saveSheet: api.saveSheet,
  removeSheet: api.removeSheet,
  triggerSheet: api.triggerSheet,
  downloadSheet: api.downloadSheet,
}));

const { SheetsSection } = await import('./sheets-section.tsx');

const SHEET = 'https://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOp/edit#gid=0';
const ACCOUNT = 'export@project.iam.gserviceaccount.com';

beforeAll(async () => {
  await i18next.loadNamespaces(['sheets', 'integrations']);
});
beforeEach(() => {
  api.state = { url: null, serviceAccount: ACCOUNT, verificationToken: null, run: null };
  for (const fn of [api.saveSheet, api.removeSheet, api.triggerSheet, api.downloadSheet]) fn.mockReset();
  api.saveSheet.mockImplementation(
    async (body: { url: string }) => (api.state = { ...api.state, url: body.url, verificationToken: 'mp-verify-0123456789abcdef01234567' }),
  );
});

describe('the Google Sheets section', () => {
  it('checks the address with the shared rule and its spec message before saving, then saves it', async () => {
    const user = userEvent.setup();
    render(<SheetsSection />);
    expect(screen.getByText(ACCOUNT)).toBeInTheDocument();
    expect(screen.getByText('Not written yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write now' })).toBeDisabled();
    const field = screen.getByLabelText(/Sheet URL/);
    await user.type(field, 'https://example.com/sheet');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must starts with https://docs.google.com/spreadsheets/d/')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.saveSheet).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, SHEET);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(api.saveSheet).toHaveBeenCalledWith({ url: SHEET });
  });

  it('removes the sheet only after a confirmation', async () => {
    const user = userEvent.setup();
    api.state = { ...api.state, url: SHEET };
    render(<SheetsSection />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove the sheet?')).toBeInTheDocument();
    expect(api.removeSheet).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.removeSheet).toHaveBeenCalledTimes(1));
  });

  it('starts a run, shows its progress, then what it wrote or why it failed', async () => {
    const user = userEvent.setup();
    api.state = { ...api.state, url: SHEET };
    api.triggerSheet.mockImplementation(
      async () =>
        (api.state = {
          ...api.state,
          run: { status: 'running', progress: 42, rows: 4200, startedAt: new Date().toISOString(), finishedAt: null, error: null },
        }),
    );
    const { rerender } = render(<SheetsSection />);
    await user.click(screen.getByRole('button', { name: 'Write now' }));
    expect(api.triggerSheet).toHaveBeenCalledTimes(1);
    rerender(<SheetsSection />);
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '42');
    expect(screen.getByText('42 %')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write now' })).toBeDisabled();

    api.state = {
      ...api.state,
      run: {
        status: 'done',
        progress: 100,
        rows: 100_000,
        startedAt: '2026-11-25T10:00:00Z',
        finishedAt: '2026-11-25T10:04:00Z',
        error: null,
      },
    };
    rerender(<SheetsSection />);
    expect(screen.getByText(/^100,000 rows written, /)).toBeInTheDocument();

    api.state = {
      ...api.state,
      run: {
        status: 'failed',
        progress: 10,
        rows: 10,
        startedAt: '2026-11-25T10:00:00Z',
        finishedAt: '2026-11-25T10:00:05Z',
        error: 'The caller does not have permission',
      },
    };
    rerender(<SheetsSection />);
    expect(screen.getByRole('alert')).toHaveTextContent('The last run failed: The caller does not have permission');
  });

  it('says what went wrong when a run cannot start, and downloads each tab as CSV', async () => {
    const user = userEvent.setup();
    api.state = { ...api.state, url: SHEET };
    api.triggerSheet.mockRejectedValue(
      new HttpError('The sheet is being written already', 409, 'POST', '/api/integrations/sheets/trigger', {
        message: 'The sheet is being written already',
      }),
    );
    render(<SheetsSection />);
    await user.click(screen.getByRole('button', { name: 'Write now' }));
    expect(await screen.findByText('The sheet is being written already')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download orders (CSV)' }));
    await user.click(screen.getByRole('button', { name: 'Download products (CSV)' }));
    expect(api.downloadSheet.mock.calls).toEqual([['orders'], ['products']]);
  });

  it("shows the token that proves the sheet is the caller's once a sheet is set", async () => {
    api.state = { url: SHEET, serviceAccount: ACCOUNT, verificationToken: 'mp-verify-0123456789abcdef01234567', run: null };
    render(<SheetsSection />);
    expect(screen.getByText(/add a tab named "verify" and put this text in its cell A1/)).toBeInTheDocument();
    expect(screen.getByText('mp-verify-0123456789abcdef01234567')).toBeInTheDocument();
  });

  it('tells the reader when the server has no service account', async () => {
    api.state = { url: SHEET, serviceAccount: null, verificationToken: 'mp-verify-0123456789abcdef01234567', run: null };
    render(<SheetsSection />);
    expect(screen.getByText(/This server has no Google service account yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write now' })).toBeDisabled();
  });
});
