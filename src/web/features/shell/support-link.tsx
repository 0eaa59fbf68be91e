import { useTranslation } from 'react-i18next';
import type { AppInfo } from '#shared/schemas/app-info';

/** The menu's way to the marketplace's support (settings.support): its name, mailed at its address; nothing while no address is set. */
export function SupportLink({ support }: { support: AppInfo['support'] | undefined }) {
  const { t } = useTranslation('shell');
  if (!support?.email) return null;
  const name = support.title.trim();
  return (
    <a
      href={`mailto:${support.email}`}
      title={t('support.hint', { email: support.email })}
      className="block rounded-md px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
    >
      {name ? t('support.named', { name }) : t('support.plain')}
    </a>
  );
}
