import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Logo, Wordings } from '#shared/schemas/registration';
import { capitalize } from '#web/components/wordings.ts';
import { sessionRole, type SessionUser } from '#web/session/session-user.ts';
import { Brand } from './brand.tsx';
import { SignOutButton } from './sign-out-button.tsx';

interface TopBarProps {
  user: SessionUser;
  shopName?: string;
  siteUrl?: string | null;
  logo?: Logo;
  wordings: Wordings;
  /** The phone menu's button (hidden on wide screens, where the sidebar shows). */
  menu: ReactNode;
}

/** The bar above every screen: the menu button (phones), the store's brand and the account. */
export function TopBar({ user, shopName, siteUrl = null, logo, wordings, menu }: TopBarProps) {
  const { t } = useTranslation('shell');
  const role = sessionRole(user);
  const roleLabel = role === 'vendor' ? capitalize(wordings.vendor) : t('role.admin');
  return (
    <header className="bg-indigo-600 text-white">
      <div className="flex items-center gap-3 px-4 py-3 sm:px-6 lg:px-8">
        {menu}
        <div className="min-w-0">
          <Brand logo={logo} shopName={shopName} />
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-4">
          <div className="min-w-0 text-right text-sm leading-tight">
            <p className="truncate font-semibold" data-testid="user-name">
              {user.name}
            </p>
            <p className="truncate text-white/80">{roleLabel}</p>
          </div>
          {/* Inside the platform's admin the frame stays ours: signing out there returns to our sign-in. */}
          <SignOutButton siteUrl={user.isEmbedded ? null : siteUrl} />
        </div>
      </div>
    </header>
  );
}
