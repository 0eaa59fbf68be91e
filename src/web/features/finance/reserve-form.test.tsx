import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReserveAnswer } from '#shared/schemas/finance';
import { HttpError } from '#web/api/http-error.ts';
import { i18next } from '#web/i18n/index.ts';

// The form over its calls: the stored reserve is held here, as SWR would hold it.
const api = vi.hoisted(() => ({ reserve: null as ReserveAnswer | null, save: vi.fn() }));
vi.mock('./api/reserve.ts', () => ({
  useReserve: (vendor: string) => ({ data: vendor && api.reserve ? { ...api.reserve, vendor } : undefined }),
  saveReserve: api.save,
}));
vi.mock('#web/api/vendor-names.ts', () => ({ useVendorNames: () => ['Vendor One', 'Vendor Two'] }));

const { ReserveForm } = await import('./reserve-form.tsx');

beforeAll(async () => {
  await i18next.loadNamespaces(['finance']);
});
beforeEach(() => {
  api.reserve = { vendor: '', percentage: 10, days: 30, since: '2026-11-01T00:00:00.000Z' };
  api.save.mockReset();
});

describe("an admin's reserve form", () => {
  it('waits for a vendor, shows its reserve and saves the new one as numbers', async () => {
    const user = userEvent.setup();
    api.save.mockResolvedValue({ vendor: 'Vendor Two', percentage: 25, days: 60, since: '2026-11-01T00:00:00.000Z' });
    render(<ReserveForm />);
    expect(screen.getByRole('button', { name: 'Save reserve' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Vendor'), 'Vendor Two');
    expect(screen.getByLabelText('Percentage held')).toHaveValue(10);
    expect(screen.getByText('In force since 2026-11-01')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Percentage held'));
    await user.type(screen.getByLabelText('Percentage held'), '25');
    await user.clear(screen.getByLabelText('Days held'));
    await user.type(screen.getByLabelText('Days held'), '60');
    await user.click(screen.getByRole('button', { name: 'Save reserve' }));
    expect(api.save).toHaveBeenCalledWith({ vendor: 'Vendor Two', percentage: 25, days: 60 });
  });

  it("shows the server's message when the reserve is refused", async () => {
    const user = userEvent.setup();
    api.save.mockRejectedValue(
      new HttpError('Must be between 0 and 100', 400, 'PUT', '/api/payment/reserve', { message: 'Must be between 0 and 100' }),
    );
    render(<ReserveForm />);
    await user.selectOptions(screen.getByLabelText('Vendor'), 'Vendor One');
    await user.click(screen.getByRole('button', { name: 'Save reserve' }));
    expect(await screen.findByText('Must be between 0 and 100')).toBeInTheDocument();
  });
});
