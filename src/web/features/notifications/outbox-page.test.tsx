import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxEmail } from '#shared/schemas/notifications';
import { i18next } from '#web/i18n/index.ts';

const mail = (subject: string, transport: string, error: string | null = null): OutboxEmail => ({
  id: subject,
  template: 'order-placed',
  to: 'one@vendor.example',
  from: 'shop@demo.test',
  subject,
  html: '<p>Hi</p>',
  text: 'Hi',
  transport,
  error,
  createdAt: '2026-11-20T10:00:00.000Z',
});

// The outbox as GET notifications/outbox answers it: one mail of each outcome.
vi.mock('./api/notifications.ts', () => ({
  useOutbox: () => ({
    data: {
      emails: [
        mail('Kept here', 'outbox'),
        mail('Through SMTP', 'smtp'),
        mail('Refused', 'failed', 'Delivery failed after 5 attempts: Could not reach smtp.example.com. Check the address.'),
      ],
      page: 1,
      pageCount: 1,
    },
    isLoading: false,
  }),
}));

const { OutboxPage } = await import('./outbox-page.tsx');

beforeAll(async () => {
  await i18next.loadNamespaces(['notifications']);
});

describe('the outbox', () => {
  it('says what became of each mail: sent, kept because there is no SMTP server, or failed', () => {
    render(
      <MemoryRouter>
        <OutboxPage />
      </MemoryRouter>,
    );
    const row = (subject: string) => screen.getByRole('button', { name: subject }).closest('li')!;
    const kept = within(row('Kept here'));
    expect(kept.getByText('Kept in the outbox')).toBeInTheDocument();
    expect(kept.getByText('Not sent: no SMTP server is configured (SMTP_URL), so it stays here.')).toBeInTheDocument();
    expect(kept.queryByText('Sent')).toBeNull();
    expect(within(row('Through SMTP')).getByText('Sent')).toBeInTheDocument();
    expect(within(row('Refused')).getByText('Failed')).toBeInTheDocument();
  });
});
