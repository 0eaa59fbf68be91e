import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError } from '#web/api/http-error.ts';
import { Toaster } from '../toast.tsx';
import { SettingsSection } from './settings-section.tsx';
import { TextField } from './text-field.tsx';

const Schema = z.strictObject({ zoneName: z.string().trim().min(1, 'Required field') });

function Screen({ save }: { save: () => Promise<void> }) {
  return (
    <>
      <SettingsSection id="zone" title="Delivery zone" schema={Schema} values={{ zoneName: 'Benelux' }} save={save}>
        <TextField name="zoneName" label="Zone name" />
      </SettingsSection>
      <Toaster />
    </>
  );
}

const refused = () => new HttpError('The carrier is down', 502, 'PUT', '/api/settings/delivery', { message: 'The carrier is down' });

describe('what a save tells', () => {
  it('names what was saved, and a second save replaces the toast instead of stacking another', async () => {
    const user = userEvent.setup();
    render(<Screen save={async () => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Delivery zone saved');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByTestId('toast')).toHaveLength(1));
    expect(screen.getByTestId('toast')).toHaveTextContent('Delivery zone saved');
  });

  it('says a failure once, beside the Save button, and a repeated failure replaces it', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {
      throw refused();
    });
    render(<Screen save={save} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The carrier is down')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getAllByText('The carrier is down')).toHaveLength(1));
    // No second note of the same failure at the screen's edge
    for (const toast of screen.queryAllByTestId('toast')) expect(toast).not.toHaveTextContent(/not saved|carrier/i);
  });
});
