import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { useLoadingOverlay } from '#web/components/loading-overlay.tsx';
import { signOut } from '#web/session/session-store.ts';

/** Signs out, then leads to the store's own storefront when it has one, else to the app's sign-in. */
export function SignOutButton({ siteUrl }: { siteUrl: string | null }) {
  const { t } = useTranslation('shell');
  const setLoading = useLoadingOverlay();
  return (
    <Button
      variant="light"
      onClick={() => {
        setLoading(true);
        void signOut(siteUrl);
      }}
    >
      {t('signOut')}
    </Button>
  );
}
