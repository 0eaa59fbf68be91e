import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Logo, Wordings } from '#shared/schemas/registration';
import { capitalize } from '../../components/wordings.ts';
import { hasPermission, sessionRole, type SessionUser } from '../../session/session-user.ts';
import { NAV_ITEMS } from './nav-items.ts';
import { SignOutButton } from './sign-out-button.tsx';
import { SwitchVendor } from './switch-vendor.tsx';

interface TopBarProps {
  user: SessionUser;
  shopName?: string;
  logo?: Logo;
  wordings: Wordings;
}

export function TopBar({ user, shopName, logo, wordings }: TopBarProps) {
  const { t } = useTranslation('shell');
  const role = sessionRole(user);
  const roleLabel = role === 'vendor' ? capitalize(wordings.vendor) : t('role.admin');
  // Labels may name the store's words: {{Vendors}} reads "Sellers" when the admin chose "sellers".
  const words = Object.fromEntries(Object.entries(wordings).map(([key, word]) => [capitalize(key), capitalize(word)]));
  return (
    <header className="bg-indigo-600 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-8 gap-y-3 px-4 py-3 sm:px-6 lg:px-8">
        <div className="flex items-center gap-3">
          {logo?.selected === 'src' && logo.src ? (
            <img src={logo.src} alt={shopName ?? ''} className="h-8 w-auto" />
          ) : (
            <span className="text-lg font-bold">{logo?.value || shopName}</span>
          )}
        </div>
        <nav aria-label={t('nav.label')}>
          <ul className="flex gap-1">
            {NAV_ITEMS.filter((item) => (!item.permission || hasPermission(user, item.permission)) && (!item.adminOnly || user.admin)).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={({ isActive }) =>
                    `rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-white ${isActive ? 'bg-indigo-800' : 'hover:bg-white/10'}`
                  }
                >
                  {t(item.label, words)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex flex-wrap items-center gap-x-6 gap-y-3">
          {hasPermission(user, 'switch_vendor') && <SwitchVendor current={user.vendor} wordings={wordings} />}
          <div className="text-right text-sm leading-tight">
            <p className="font-semibold" data-testid="user-name">
              {user.name}
            </p>
            <p className="text-white/80">{roleLabel}</p>
          </div>
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
