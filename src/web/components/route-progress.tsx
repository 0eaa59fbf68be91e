import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A thin bar along the top while the next screen's code or data loads (the router's navigation). */
export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('loadingScreen')}
      data-testid="route-progress"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-indigo-100"
    >
      <div className="route-progress h-full w-1/3 bg-indigo-600" />
    </div>
  );
}
