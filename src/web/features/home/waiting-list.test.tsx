import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#web/session/session-user.ts';
import { i18next } from '#web/i18n/index.ts';

// What the server answered for each count, as SWR would hold it.
vi.mock('./api/waiting-counts.ts', () => ({
  useAppStatus: () => ({ data: { orders: 0, draftProducts: 2 } }),
  usePendingApplications: (isAdmin: boolean) => ({ data: isAdmin ? { applications: [] } : undefined }),
  useProductsToReview: (isAdmin: boolean) => ({ data: isAdmin ? { count: 3, countCapped: false, products: [] } : undefined }),
}));

const { WaitingList } = await import('./waiting-list.tsx');

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['home']);
});

const words = { product: 'product', products: 'products', vendors: 'vendors' };
const userOf = (admin: boolean): SessionUser => ({
  email: 'a@b.test',
  name: 'A',
  store: 'demo',
  vendor: admin ? '*' : 'Vendor One',
  admin,
  permissions: ['read_orders', 'read_products'],
  isEmbedded: false,
  marketplaceView: admin,
  exp: 0,
});

describe('what waits on the home screen', () => {
  it('shows an admin the products to review, linking to the "Waiting for approval" view', () => {
    render(
      <MemoryRouter>
        <WaitingList user={userOf(true)} words={words} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /products to review/ });
    expect(link).toHaveTextContent('3products to review');
    expect(link).toHaveAttribute('href', '/products?status=ALL&approval=waiting');
  });

  it('never shows a vendor products to review', () => {
    render(
      <MemoryRouter>
        <WaitingList user={userOf(false)} words={words} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /draft products to finish/ })).toBeInTheDocument();
    expect(screen.queryByText(/to review/)).toBeNull();
  });
});
