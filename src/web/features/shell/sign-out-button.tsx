import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { useLoadingOverlay } from '#web/components/loading-overlay.tsx';
import { signOut } from '#web/session/session-store.ts';

export function SignOutButton() {
  const { t } = useTranslation('shell');
  const setLoading = useLoadingOverlay();
  return (
    <Button
      variant="light"
      onClick={() => {
        setLoading(true);
        void signOut();
      }}
    >
      {t('signOut')}
    </Button>
  );
}
