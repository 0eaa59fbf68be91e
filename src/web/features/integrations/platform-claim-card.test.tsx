import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '#web/api/http-error.ts';
import { i18next } from '#web/i18n/index.ts';

// The card over its calls: what GET integrations/shopify/claim answered is held here, as SWR would hold it.
const api = vi.hoisted(() => ({
  claim: { data: undefined as { shop: string; expiresAt: string } | undefined, error: undefined as Error | undefined, isLoading: false },
  claimSellerShop: vi.fn(),
}));
vi.mock('./api/integrations.ts', () => ({ useSellerClaim: () => api.claim, claimSellerShop: api.claimSellerShop }));

const { PlatformClaimCard } = await import('./platform-claim-card.tsx');

const SHOP = 'studio-shop.myshopify.com';
const CLAIM = 'c'.repeat(43);
const refused = (status: number, message: string) => new HttpError(message, status, 'POST', '/api/integrations/shopify/claim', { message });

beforeAll(async () => {
  await i18next.loadNamespaces(['integrations']);
});
beforeEach(() => {
  api.claim = { data: { shop: SHOP, expiresAt: '2026-11-25T19:00:00.000Z' }, error: undefined, isLoading: false };
  api.claimSellerShop.mockReset();
});
afterEach(() => i18next.changeLanguage('en'));

describe('the claim of a shop approved on the platform', () => {
  it('names the shop and connects it only when the vendor chooses to, then leaves the address', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    api.claimSellerShop.mockResolvedValue({ shop: SHOP });
    render(<PlatformClaimCard claim={CLAIM} onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Connect the shop you approved' })).toBeInTheDocument();
    expect(screen.getByText(/The shop studio-shop\.myshopify\.com was approved on the platform/)).toBeInTheDocument();
    expect(api.claimSellerShop).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Connect this shop' }));
    expect(api.claimSellerShop).toHaveBeenCalledWith(CLAIM);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('a shop another vendor has stays refused, with the reason, and the claim stays in view', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    api.claimSellerShop.mockRejectedValue(refused(409, 'This shop is already connected to another vendor'));
    render(<PlatformClaimCard claim={CLAIM} onDone={onDone} />);
    await user.click(screen.getByRole('button', { name: 'Connect this shop' }));
    expect(await screen.findByText('This shop is already connected to another vendor')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Not my shop' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('a used or expired claim says so in the vendor’s language and offers nothing to connect', async () => {
    await i18next.changeLanguage('nl');
    const message = 'This connection link is invalid, used or expired. Start again from your shop on the platform.';
    api.claim = { data: undefined, error: refused(404, message), isLoading: false };
    render(<PlatformClaimCard claim={CLAIM} onDone={vi.fn()} />);
    expect(
      screen.getByText('Deze koppellink is ongeldig, al gebruikt of verlopen. Begin opnieuw vanuit je winkel op het platform.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deze winkel koppelen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeInTheDocument();
  });
});
