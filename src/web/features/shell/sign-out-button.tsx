import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { useLoadingOverlay } from '../../components/loading-overlay.tsx';
import { signOut } from '../../session/session-store.ts';

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
