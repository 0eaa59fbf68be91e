import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_REDIRECT_MS } from '#shared/limits';

/** The update signed the user in; the app follows after a pause long enough to read this. */
export function PasswordChanged() {
  const { t } = useTranslation('login');
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign('/app'), PASSWORD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="mt-8 space-y-4 text-center">
      <p role="status" className="text-sm text-green-800">
        {t('changePassword.success')}
      </p>
      <a
        href="/app"
        className="text-sm font-semibold text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {t('changePassword.goNow')}
      </a>
    </div>
  );
}
