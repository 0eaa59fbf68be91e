import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18next } from '#web/i18n/index.ts';
import { codeOptions, CodePickerField, matchingOptions } from './code-picker.tsx';
import { SettingsSection } from './settings-section.tsx';

const Schema = z.strictObject({ country: z.string().regex(/^[A-Z]{2}$/), currency: z.string().regex(/^[A-Z]{3}$/) });
type Values = z.input<typeof Schema>;

function Section({ save }: { save: (values: Values) => Promise<void> }) {
  return (
    <SettingsSection id="place" title="Place" schema={Schema} values={{ country: 'NL', currency: 'EUR' }} save={save}>
      <CodePickerField kind="country" name="country" label="Land" />
      <CodePickerField kind="currency" name="currency" label="Valuta" />
    </SettingsSection>
  );
}

// The options' floating panel measures its anchor; jsdom has no layout.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('the country and currency picker', () => {
  it('lists every country and currency by name in the language asked, found by name or code', () => {
    const countries = codeOptions('country', 'nl');
    expect(countries.find((o) => o.code === 'DE')?.name).toBe('Duitsland');
    expect(countries.length).toBeGreaterThan(240);
    expect(matchingOptions(countries, 'nl')[0]).toEqual({ code: 'NL', name: 'Nederland' });
    expect(matchingOptions(countries, 'duits').map((o) => o.code)).toEqual(['DE']);
    const currencies = codeOptions('currency', 'de');
    expect(currencies.find((o) => o.code === 'USD')?.name).toBe('US-Dollar');
    expect(matchingOptions(currencies, 'eur')[0].code).toBe('EUR');
  });

  it('shows the names in the reader’s language, is chosen with the keyboard and saves the codes', async () => {
    await i18next.changeLanguage('nl');
    let saved: Values | undefined;
    render(<Section save={async (values) => void (saved = values)} />);
    const country = screen.getByRole('combobox', { name: 'Land' });
    expect(country).toHaveValue('Nederland');
    expect(screen.getByRole('combobox', { name: 'Valuta' })).toHaveValue('Euro (EUR)');
    const user = userEvent.setup();
    await user.clear(country);
    await user.type(country, 'duits');
    expect(await screen.findByRole('option', { name: /Duitsland/ })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(country).toHaveValue('Duitsland'));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(saved).toEqual({ country: 'DE', currency: 'EUR' }));
  });
});
