import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Wordings } from '#shared/schemas/registration';
import { capitalize } from '#web/components/wordings.ts';
import type { SessionUser } from '#web/session/session-user.ts';
import { groupNavItems, NAV_NAMESPACES, type NavItem, type StoreSwitches, visibleNavItems } from './nav-items.ts';

interface SideNavProps {
  user: SessionUser;
  /** The store's switches; undefined until they have loaded. */
  store: StoreSwitches | undefined;
  wordings: Wordings;
  /** Called after an entry is chosen (the phone menu closes). */
  onNavigate?: () => void;
}

/** The main navigation, grouped: the sidebar on wide screens and the menu's panel on phones. */
export function SideNav({ user, store, wordings, onNavigate }: SideNavProps) {
  const { t } = useTranslation(NAV_NAMESPACES);
  // Labels may name the store's words: {{Vendors}} reads "Sellers" when the admin chose "sellers".
  const words = Object.fromEntries(Object.entries(wordings).map(([key, word]) => [capitalize(key), capitalize(word)]));
  const { top, groups } = groupNavItems(visibleNavItems(user, store));
  const entry = (item: NavItem) => (
    <li key={item.to}>
      <NavLink
        to={item.to}
        end={item.end}
        onClick={onNavigate}
        className={({ isActive }) =>
          `block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-white ${isActive ? 'bg-indigo-800 text-white' : 'text-white/90 hover:bg-white/10 hover:text-white'}`
        }
      >
        {t(item.label, words)}
      </NavLink>
    </li>
  );
  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-5">
      <ul className="space-y-1">{top.map(entry)}</ul>
      {groups.map(({ group, items }) => (
        <div key={group}>
          <p id={`nav-group-${group}`} className="px-3 text-xs font-semibold tracking-wide text-indigo-100 uppercase">
            {t(`nav.groups.${group}`)}
          </p>
          <ul aria-labelledby={`nav-group-${group}`} className="mt-1 space-y-1">
            {items.map(entry)}
          </ul>
        </div>
      ))}
    </nav>
  );
}
