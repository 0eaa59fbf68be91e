import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next } from '#web/i18n/index.ts';
import { HttpError } from '#web/api/http-error.ts';

const detail = {
  name: 'order-shipped',
  description: 'To a buyer: the order was shipped.',
  subject: 'Shipped {{ order_name }}',
  htmlBody: '<p>Hello {{ customer_name }}</p>',
  defaultHtml: '<p>Hello {{ customer_name }}</p>',
  defaultSubject: 'Shipped {{ order_name }}',
  variables: {},
  enabled: true,
  customised: false,
};

// POST notifications/templates/:template/preview: a body with an unclosed tag is refused with 400, as the server does.
const previewTemplate = vi.fn(async ({ htmlBody, subject }: { htmlBody: string; subject: string }) => {
  if (htmlBody.includes('{% if'))
    throw new HttpError('Liquid syntax error: tag if not closed', 400, 'POST', 'notifications/templates/order-shipped/preview', null);
  return { subject, html: htmlBody };
});

vi.mock('./api/notifications.ts', () => ({
  useTemplate: () => ({ data: detail, isLoading: false, error: undefined, mutate: vi.fn() }),
  previewTemplate: (request: { htmlBody: string; subject: string }) => previewTemplate(request),
  saveTemplate: vi.fn(),
  sendTestEmail: vi.fn(),
}));

const { TemplateEditorPage } = await import('./template-editor-page.tsx');

beforeAll(async () => {
  await i18next.loadNamespaces(['notifications']);
  await i18next.changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
  previewTemplate.mockClear();
});

function renderEditor() {
  return render(
    <MemoryRouter initialEntries={['/notifications/templates/order-shipped']}>
      <Routes>
        <Route path="/notifications/templates/:template" element={<TemplateEditorPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** Lets `ms` of fake time pass and the previews' promises settle. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the template editor’s live preview', () => {
  it('asks once on opening and once after the typing stops; nothing while the template is unchanged', async () => {
    vi.useFakeTimers();
    renderEditor();
    await wait(500);
    expect(previewTemplate).toHaveBeenCalledTimes(1);
    await wait(10_000);
    expect(previewTemplate).toHaveBeenCalledTimes(1);

    const body = screen.getByLabelText('HTML (Liquid)');
    for (const typed of ['<p>Hi', '<p>Hi there', '<p>Hi there</p>']) {
      fireEvent.change(body, { target: { value: typed } });
      await wait(100);
    }
    expect(previewTemplate).toHaveBeenCalledTimes(1);
    await wait(500);
    expect(previewTemplate).toHaveBeenCalledTimes(2);
    expect(previewTemplate).toHaveBeenLastCalledWith(expect.objectContaining({ htmlBody: '<p>Hi there</p>' }));
    await wait(10_000);
    expect(previewTemplate).toHaveBeenCalledTimes(2);
  });

  it('an invalid template shows its error once and is not asked about again until it changes', async () => {
    vi.useFakeTimers();
    renderEditor();
    await wait(500);
    fireEvent.change(screen.getByLabelText('HTML (Liquid)'), { target: { value: '{% if x %}<p>Hi' } });
    await wait(500);
    expect(previewTemplate).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Liquid syntax error: tag if not closed')).toBeInTheDocument();
    await wait(10_000);
    expect(previewTemplate).toHaveBeenCalledTimes(2);
    expect(screen.getAllByText('Liquid syntax error: tag if not closed')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('HTML (Liquid)'), { target: { value: '<p>Hi</p>' } });
    await wait(500);
    expect(previewTemplate).toHaveBeenCalledTimes(3);
    expect(screen.queryByText('Liquid syntax error: tag if not closed')).toBeNull();
  });
});
