import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MembershipSubscriptionAnswer } from '#shared/schemas/membership';
import { AlertText } from '#web/components/alert-text.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { textLinkClass } from '#web/components/link-styles.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { formatDateTime } from '#web/components/format-date.ts';
import { RedirectButton } from '#web/components/redirect-button.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { useMoney } from '#web/components/use-money.ts';
import { openBilling, openCheckout, usePlans, useSubscription } from './api/membership.ts';

function Standing({ state }: { state: MembershipSubscriptionAnswer }) {
  const { t } = useTranslation('membership');
  const sub = state.subscription;
  return (
    <section aria-labelledby="standing-title" className="rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
      <h2 id="standing-title" className="text-base font-semibold text-gray-900">
        {t('standing.title')}
      </h2>
      <p className="mt-2 text-sm text-gray-800" role="status" data-testid="membership-status">
        {sub
          ? t(`status.${sub.status}`)
          : state.trialEndsAt
            ? t('standing.trial', { date: formatDateTime(state.trialEndsAt) })
            : t('standing.none')}
      </p>
      {sub?.currentPeriodEnd && (
        <p className="text-sm text-gray-600">
          {t(sub.cancelAtPeriodEnd ? 'standing.endsOn' : 'standing.renewsOn', { date: formatDateTime(sub.currentPeriodEnd) })}
        </p>
      )}
      <p className="mt-2 text-sm text-gray-700" data-testid="membership-usage">
        {state.limit === null
          ? t('standing.activeNoLimit', { count: state.activeProducts })
          : t('standing.active', { count: state.activeProducts, limit: state.limit })}
      </p>
      {!state.canPublish && <p className="mt-2 text-sm font-medium text-red-700">{t('standing.cannotPublish')}</p>}
      <div className="mt-4 flex flex-wrap gap-3">
        {sub && <RedirectButton namespace="membership" label={t('billing')} open={openBilling} variant="secondary" />}
        {state.documentationUrl && (
          <a className={textLinkClass} href={state.documentationUrl} target="_blank" rel="noreferrer">
            {t('documentation')}
          </a>
        )}
      </div>
    </section>
  );
}

/** No Stripe yet: the admin is told where to connect it; a vendor, calmly, that the marketplace has not set plans up. */
function NotConnected({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('membership');
  return (
    <p className="rounded-md bg-gray-50 px-4 py-3 text-sm text-gray-700 ring-1 ring-gray-200" data-testid="plans-not-connected">
      {isAdmin ? (
        <>
          {t('plans.notConnected.admin')}{' '}
          <Link className={textLinkClass} to="/payments">
            {t('plans.notConnected.paymentsLink')}
          </Link>
        </>
      ) : (
        t('plans.notConnected.vendor')
      )}
    </p>
  );
}

function Plans({ canSubscribe, isAdmin }: { canSubscribe: boolean; isAdmin: boolean }) {
  const { t } = useTranslation('membership');
  const text = useMessageText('membership');
  const money = useMoney();
  const plans = usePlans();
  if (plans.isLoading) return <LoadingBlock />;
  if (plans.error) return <AlertText>{text(errorMessage(plans.error))}</AlertText>;
  const list = plans.data?.products ?? [];
  const notConnected = plans.data?.connected === false;
  return (
    <section aria-labelledby="plans-title" className="space-y-4">
      <h2 id="plans-title" className="text-lg font-semibold text-gray-900">
        {t('plans.title')}
      </h2>
      {notConnected ? (
        <NotConnected isAdmin={isAdmin} />
      ) : list.length === 0 ? (
        <p className="text-sm text-gray-600">{t('plans.empty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((plan) => (
            <li key={plan.priceId} className="flex flex-col gap-2 rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
              <h3 className="font-semibold text-gray-900">{plan.name}</h3>
              {plan.description && <p className="text-sm text-gray-600">{plan.description}</p>}
              <p className="text-sm text-gray-800">{t(`plans.per.${plan.interval}`, { price: money(plan.amount, plan.currency) })}</p>
              {canSubscribe && (
                <RedirectButton namespace="membership" label={t('plans.subscribe')} open={() => openCheckout(plan.priceId)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /app/membership. A vendor sees where its membership stands (trial, status, active products
 * against the limit), subscribes through Stripe Checkout and manages billing in Stripe's portal.
 * Admins see the plans vendors are offered; the membership settings are on the settings page.
 */
export function MembershipPage() {
  const { t } = useTranslation('membership');
  usePageTitle(t('title'));
  const text = useMessageText('membership');
  const user = useSession();
  const [params] = useSearchParams();
  const isVendor = !!user && !user.marketplaceView;
  const state = useSubscription(isVendor);
  const checkout = params.get('checkout');
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
      {checkout === 'success' && (
        <p role="status" className="rounded-md bg-green-50 px-4 py-3 text-sm text-green-800">
          {t('checkout.success')}
        </p>
      )}
      {checkout === 'cancel' && (
        <p role="status" className="rounded-md bg-gray-50 px-4 py-3 text-sm text-gray-700">
          {t('checkout.cancel')}
        </p>
      )}
      {user?.admin && (
        <p className="text-sm text-gray-700">
          {t('admin.intro')}{' '}
          <Link className={textLinkClass} to="/settings/page#membership">
            {t('admin.settings')}
          </Link>
        </p>
      )}
      {isVendor && state.isLoading && <LoadingBlock />}
      {isVendor && state.error && <AlertText>{text(errorMessage(state.error))}</AlertText>}
      {isVendor && state.data && !state.data.enabled && <p className="text-sm text-gray-600">{t('disabled')}</p>}
      {isVendor && state.data?.enabled && <Standing state={state.data} />}
      <Plans
        isAdmin={!!user?.admin}
        canSubscribe={isVendor && !!state.data?.enabled && !['active', 'trialing'].includes(state.data.subscription?.status ?? '')}
      />
    </div>
  );
}
