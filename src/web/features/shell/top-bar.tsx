import type { ReactNode } from 'react';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Logo, Wordings } from '#shared/schemas/registration';
import { updateAccount } from '#web/api/account.ts';
import { LanguageSelect } from '#web/components/language-select.tsx';
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

/**
 * The bar above every screen, always one line: the menu button (phones), the store's brand (cut
 * short with an ellipsis when long) and the account. On phones the account (name, role, the account
 * page, the language, Sign out)
 * folds behind one button; from 640 px it stands in the bar.
 */
export function TopBar({ user, shopName, siteUrl = null, logo, wordings, menu }: TopBarProps) {
  const { t } = useTranslation('shell');
  const role = sessionRole(user);
  const roleLabel = role === 'vendor' ? capitalize(wordings.vendor) : t('role.admin');
  return (
    <header className="bg-indigo-600 text-white">
      <div className="flex items-center gap-3 px-4 py-3 sm:px-6 lg:px-8">
        {menu}
        <div className="min-w-0 flex-1">
          <Brand logo={logo} shopName={shopName} />
        </div>
        <Popover className="group relative flex max-w-1/2 shrink-0 items-center sm:max-w-none sm:shrink">
          <PopoverButton className="rounded-full p-1.5 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white sm:hidden">
            <span className="sr-only">{t('account', { name: user.name })}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-7">
              <path
                strokeLinecap="round"
                strokeLinejoin="round"
                d="M17.982 18.725A7.488 7.488 0 0 0 12 15.75a7.488 7.488 0 0 0-5.982 2.975m11.963 0a9 9 0 1 0-11.963 0m11.963 0A8.966 8.966 0 0 1 12 21a8.966 8.966 0 0 1-5.982-2.275M15 9.75a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z"
              />
            </svg>
          </PopoverButton>
          {/* Always there from 640 px; on phones it drops below the bar while the account button has it open. */}
          <PopoverPanel
            static
            className="absolute top-full right-0 z-30 mt-2 hidden w-64 flex-col gap-3 rounded-md bg-indigo-700 p-4 shadow-lg ring-1 ring-white/10 group-data-open:flex sm:static sm:mt-0 sm:flex sm:w-auto sm:min-w-0 sm:flex-row sm:items-center sm:gap-4 sm:bg-transparent sm:p-0 sm:shadow-none sm:ring-0"
          >
            <div className="min-w-0 text-sm leading-tight sm:text-right">
              <p className="truncate font-semibold" data-testid="user-name">
                {user.name}
              </p>
              <p className="truncate text-white/80">{roleLabel}</p>
            </div>
            <Link
              to="/account"
              className="shrink-0 rounded-md px-2 py-1.5 text-sm font-semibold text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            >
              {t('accountPage')}
            </Link>
            {/* Kept with the account, so the mails the app sends this user follow the same language. */}
            <LanguageSelect tone="bar" onChosen={(language) => void updateAccount({ language })} />
            {/* Inside the platform's admin the frame stays ours: signing out there returns to our sign-in. */}
            <SignOutButton siteUrl={user.isEmbedded ? null : siteUrl} />
          </PopoverPanel>
        </Popover>
      </div>
    </header>
  );
}
