import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { usePayoutSession } from './api/payments.ts';
import { GetPaid } from './get-paid.tsx';
import { PayPalKeyCard, StripeKeyCard } from './provider-keys.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';

/**
 * /app/payments: the payment providers. Admins keep the marketplace's Stripe and PayPal keys; a
 * vendor (or an admin acting as one) connects where it is paid.
 */
export function PaymentsPage() {
  const { t } = useTranslation('integrations');
  usePageTitle(t('title'));
  const user = useSession();
  const session = usePayoutSession();
  const text = useMessageText('integrations');
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
      {session.isLoading && <LoadingBlock />}
      {session.error && !session.data && <AlertText>{text(errorMessage(session.error))}</AlertText>}
      {session.data && (
        <>
          {user?.admin && (
            <section aria-labelledby="keys-title" className="space-y-4">
              <h2 id="keys-title" className="text-lg font-semibold text-gray-900">
                {t('keys.title')}
              </h2>
              <StripeKeyCard session={session.data} />
              <PayPalKeyCard session={session.data} />
            </section>
          )}
          {session.data.accounts && <GetPaid session={session.data} />}
        </>
      )}
    </div>
  );
}
