import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '#web/api/http-error.ts';
import { i18next } from '#web/i18n/index.ts';
import { ControlledField } from './controlled-field.tsx';
import { LabelledInput } from './labelled-input.tsx';
import { useMessageText, type MessagePattern } from './message-text.ts';
import { SettingsSection } from './settings-section.tsx';
import { TagListField } from './tag-list-field.tsx';
import { TextField } from './text-field.tsx';
import { TextInput } from './text-input.tsx';
import { ToggleField } from './toggle-field.tsx';

const Schema = z.strictObject({
  name: z.string().trim().min(1, 'Required field'),
  website: z.string(),
  open: z.boolean(),
  tags: z.array(z.string()),
});
type Values = z.input<typeof Schema>;
const start: Values = { name: 'Shop', website: '', open: false, tags: ['nl'] };

function Section({ save, conflictField }: { save: (values: Values) => Promise<Values | void>; conflictField?: 'name' }) {
  return (
    <SettingsSection id="general" title="General" schema={Schema} values={start} save={save} conflictField={conflictField}>
      <TextField name="name" label="Name" hint="As buyers see it" />
      <TextField name="website" label="Website" />
      <ToggleField name="open" label="Open" />
      <TagListField name="tags" label="Languages" />
    </SettingsSection>
  );
}

const answer = (status: number, body: { message: string; errors?: { path: string; message: string }[] }) =>
  new HttpError(body.message, status, 'PATCH', '/api/settings', body);

describe('the form kit', () => {
  it('refuses an invalid form before saving: the message in orange under its field, tied to it, and the footer asks to fix the fields', async () => {
    const user = userEvent.setup();
    const saved: Values[] = [];
    render(<Section save={async (values) => void saved.push(values)} />);
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    const message = screen.getByText('Required field');
    expect(message).toHaveClass('text-orange-600');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(screen.getByText('Not saved: check the fields marked above.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('saves the checked values and says "Saved" until the next edit', async () => {
    const user = userEvent.setup();
    const saved: Values[] = [];
    render(<Section save={async (values) => void saved.push(values)} />);
    await user.type(screen.getByLabelText('Website'), 'https://shop.example');
    await user.click(screen.getByRole('switch', { name: 'Open' }));
    const tag = screen.getByRole('textbox', { name: 'Languages' });
    await user.type(tag, 'de{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(saved).toEqual([{ name: 'Shop', website: 'https://shop.example', open: true, tags: ['nl', 'de'] }]);
    await user.type(screen.getByLabelText('Name'), '!');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the checked values once saved, not the typed ones', async () => {
    const user = userEvent.setup();
    render(<Section save={async () => undefined} />);
    await user.type(screen.getByLabelText('Name'), '  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByLabelText('Name')).toHaveValue('Shop');
  });

  it("puts a 400's field errors under the fields their paths name", async () => {
    const user = userEvent.setup();
    render(
      <Section
        save={() =>
          Promise.reject(answer(400, { message: 'Must be a valid URL', errors: [{ path: 'website', message: 'Must be a valid URL' }] }))
        }
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByLabelText('Website')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Must be a valid URL')).toHaveClass('text-orange-600');
    expect(screen.getByText('Not saved: check the fields marked above.')).toBeInTheDocument();
  });

  it('puts a 409 under the field the form names, and any other failure beside the button', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <Section conflictField="name" save={() => Promise.reject(answer(409, { message: 'A vendor with this name already exists' }))} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('A vendor with this name already exists')).toHaveClass('text-orange-600');
    unmount();

    render(<Section save={() => Promise.reject(answer(500, { message: 'Something went wrong, please try again' }))} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong, please try again')).toHaveClass('text-red-700');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
  });

  it('removes a tag with its own button', async () => {
    const user = userEvent.setup();
    render(<Section save={async () => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Remove nl' }));
    expect(screen.queryByRole('list', { name: 'Languages' })).not.toBeInTheDocument();
  });
});

describe('the fields of the entry screens and the definition forms', () => {
  it('LabelledInput shows its error as every field does, and links it for screen readers', () => {
    render(<LabelledInput label="E-mail" error="Must be a valid email" />);
    const input = screen.getByLabelText('E-mail');
    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent('Must be a valid email');
    expect(message).toHaveClass('text-orange-600');
    expect(input).toHaveAttribute('aria-describedby', message.id);
    expect(input.className).toContain('aria-invalid:outline-orange-500');
  });

  it('ControlledField labels an optional field as such and describes it', async () => {
    function Form() {
      const { control } = useForm({ defaultValues: { city: '' } });
      return (
        <ControlledField control={control} name="city" id="city" label="City" required={false} description="Where you ship from">
          {(props) => <TextInput {...props} />}
        </ControlledField>
      );
    }
    render(<Form />);
    const input = screen.getByLabelText('City (optional)');
    expect(input).toHaveAccessibleDescription('Where you ship from');
    await userEvent.setup().type(input, 'Gent');
    expect(input).toHaveValue('Gent');
  });
});

describe('useMessageText', () => {
  const patterns: MessagePattern[] = [[/^should be greater than (.+)$/, (m) => ['bounds.greaterThan', { n: m[1] }]]];
  function Show({ message, namespace, withPatterns = false }: { message: string; namespace?: string; withPatterns?: boolean }) {
    const text = useMessageText(namespace, withPatterns ? patterns : []);
    return <p>{text(message)}</p>;
  }

  afterEach(() => i18next.changeLanguage('en'));

  it('reads a feature’s own messages, then its patterns’ values, then the shared ones, and shows an unknown message as it came', async () => {
    await i18next.changeLanguage('de');
    // Texts load per language and namespace (i18n/index.ts): the screen would wait for them.
    await i18next.loadNamespaces(['common', 'delivery']);
    render(
      <>
        <Show namespace="delivery" message="Country code is required" />
        <Show namespace="delivery" withPatterns message="should be greater than 5" />
        <Show message="State is required" />
        <Show message="Something only the server knows" />
      </>,
    );
    expect(screen.getByText('Ländercode ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('muss größer sein als 5')).toBeInTheDocument();
    expect(screen.getByText('Bundesland oder Provinz ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Something only the server knows')).toBeInTheDocument();
  });
});
