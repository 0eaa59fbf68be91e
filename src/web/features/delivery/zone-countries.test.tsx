import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS } from '#shared/delivery-markets';
import { i18next } from '#web/i18n/index.ts';
import { ZoneCountries } from './zone-countries.tsx';
import type { ZoneFormValues } from './zone-form.ts';

// The options' floating panel measures its anchor; jsdom has no layout.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let values: ZoneFormValues | undefined;

function Zone() {
  const form = useForm<ZoneFormValues>({ defaultValues: { zone: { zoneName: 'Benelux', countries: [], rates: [] } } });
  values = form.watch();
  return (
    <FormProvider {...form}>
      <ZoneCountries markets={MARKETS.filter((m) => ['NL', 'BE', 'CA'].includes(m.code))} />
    </FormProvider>
  );
}

beforeAll(async () => {
  await i18next.loadNamespaces(['delivery']);
});

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe("a delivery zone's countries", () => {
  it('are chosen by name from the markets in the reader’s language, kept as codes, with their provinces', async () => {
    await i18next.changeLanguage('nl');
    render(<Zone />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Land toevoegen' }));
    const country = screen.getByRole('combobox', { name: 'Land 1' });
    await user.type(country, 'belg');
    expect(await screen.findByRole('option', { name: /België/ })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(country).toHaveValue('België'));
    expect(values?.zone.countries).toEqual([{ code: 'BE', provinces: [] }]);

    // Only the store's markets are offered: Germany is a country, not one of these markets.
    await user.click(screen.getByRole('button', { name: 'Land toevoegen' }));
    const second = screen.getByRole('combobox', { name: 'Land 2' });
    await user.type(second, 'duits');
    expect(await screen.findByText('Geen resultaat')).toBeInTheDocument();
    await user.clear(second);
    await user.type(second, 'CA');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(second).toHaveValue('Canada'));
    expect(values?.zone.countries[1].code).toBe('CA');
    expect(screen.getByRole('group', { name: 'Provincies' })).toBeInTheDocument();
  });
});
