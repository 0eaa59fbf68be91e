import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { useMessageText } from '#web/components/form/message-text.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { showToast } from '#web/components/toast.tsx';
import { claimSellerShop, useSellerClaim } from './api/integrations.ts';

/**
 * A platform shop approved from the platform (auth/request-token-seller), waiting for its vendor:
 * the claim came in the address. The vendor sees which shop it is and connects it only by choice
 * (a claim link can be sent by anyone); `onDone` takes the claim out of the address.
 */
export function PlatformClaimCard({ claim, onDone }: { claim: string; onDone: () => void }) {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const pending = useSellerClaim(claim);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const take = async () => {
    setBusy(true);
    setFailure('');
    try {
      const { shop } = await claimSellerShop(claim);
      showToast('success', t('platform.claim.connected', { shop }));
      onDone();
    } catch (error) {
      setFailure(text(errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="platform-claim-title" className="rounded-lg bg-white shadow-sm ring-1 ring-indigo-200">
      <header className="border-b border-gray-200 px-6 py-4">
        <h2 id="platform-claim-title" className="text-base font-semibold text-gray-900">
          {t('platform.claim.title')}
        </h2>
      </header>
      <div className="space-y-4 px-6 py-5">
        {pending.isLoading && <LoadingBlock />}
        {pending.error && <AlertText>{text(errorMessage(pending.error))}</AlertText>}
        {pending.data && <p className="text-sm text-gray-600">{t('platform.claim.body', { shop: pending.data.shop })}</p>}
        <AlertText>{failure}</AlertText>
        <div className="flex flex-wrap gap-3">
          {pending.data && (
            <Button onClick={take} loading={busy}>
              {t('platform.claim.connect')}
            </Button>
          )}
          <Button variant="secondary" onClick={onDone} disabled={busy}>
            {pending.data ? t('platform.claim.notMine') : t('platform.claim.close')}
          </Button>
        </div>
      </div>
    </section>
  );
}
