import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '#web/i18n/index.ts';
import { DEFAULT_LIST_STATE, WAITING_VIEW } from './list-query.ts';
import { StatusTabs } from './status-tabs.tsx';

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['products']);
});

const counts = {
  DRAFT: { count: 12, capped: false },
  ACTIVE: { count: 3, capped: false },
  ARCHIVED: { count: 0, capped: false },
  ALL: { count: 10_000, capped: true },
  WAITING: { count: 4, capped: false },
};

describe('the product list tabs', () => {
  it('show every count, and for admins "Waiting for approval" linking to that view', () => {
    render(
      <MemoryRouter>
        <StatusTabs state={DEFAULT_LIST_STATE} counts={counts} isAdmin />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Draft 12' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Active 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Archived 0' })).toBeInTheDocument();
    expect(screen.getByTestId('count-ALL')).toHaveTextContent('10,000+');
    const waiting = screen.getByRole('link', { name: 'Waiting for approval 4' });
    expect(waiting).toHaveAttribute('href', '/?status=ALL&approval=waiting');
  });

  it('mark the waiting view as current, not the All tab; a vendor has no such tab', () => {
    const { unmount } = render(
      <MemoryRouter>
        <StatusTabs state={{ ...DEFAULT_LIST_STATE, ...WAITING_VIEW }} counts={counts} isAdmin />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /Waiting for approval/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /^All/ })).not.toHaveAttribute('aria-current');
    // Another tab leaves the waiting view.
    expect(screen.getByRole('link', { name: /^All/ })).toHaveAttribute('href', '/?status=ALL');
    unmount();
    render(
      <MemoryRouter>
        <StatusTabs state={DEFAULT_LIST_STATE} counts={counts} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: /Waiting for approval/ })).toBeNull();
  });
});
