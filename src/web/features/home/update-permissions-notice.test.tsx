import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18next } from '#web/i18n/index.ts';

let shouldUpdate = true;
vi.mock('./api/waiting-counts.ts', () => ({ useAppStatus: () => ({ data: { shouldUpdate } }) }));

const { UpdatePermissionsNotice } = await import('./update-permissions-notice.tsx');

beforeAll(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces(['home']);
});

describe('the notice that the Shopify install needs approving again', () => {
  it('asks the admin to review the access on Shopify while app/status says shouldUpdate, and is gone after', () => {
    const { unmount } = render(<UpdatePermissionsNotice />);
    expect(screen.getByRole('status')).toHaveTextContent('Shopify needs your approval');
    expect(screen.getByRole('button', { name: 'Review on Shopify' })).toBeInTheDocument();
    unmount();
    shouldUpdate = false;
    render(<UpdatePermissionsNotice />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
