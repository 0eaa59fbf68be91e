import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/use-page-title.tsx';

/** An /app address no area answers (yet): say so inside the shell rather than leaving it blank. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('notFound.title'));
  return (
    <div className="rounded-lg bg-white px-6 py-12 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-gray-900">{t('notFound.title')}</h1>
      <p className="mt-2 text-sm text-gray-600">{t('notFound.text')}</p>
      <Link
        to="/"
        className="mt-6 inline-block text-sm font-semibold text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {t('notFound.home')}
      </Link>
    </div>
  );
}
