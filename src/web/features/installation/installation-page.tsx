import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ADDON_IDS, ADDON_PRICES, LIMIT_NAMES, PLAN_IDS, PLANS, isAtLimit, monthlyPrice, type LimitName } from '#shared/plans';
import { InstallationBodySchema, type InstallationAnswer } from '#shared/schemas/installation';
import { toAmountText } from '#shared/money';
import { useMoney } from '#web/components/use-money.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { FormCard } from '#web/components/form/form-card.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { showToast } from '#web/components/toast.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { translateMessage } from '#web/i18n/index.ts';
import { changePlan, useInstallation } from './api/installation.ts';

const resolver = zodResolver(InstallationBodySchema);
const usageOf: Record<LimitName, keyof InstallationAnswer['counts']> = {
  vendors: 'vendors',
  products: 'products',
  ordersPerMonth: 'ordersThisMonth',
};

function Usage({ data }: { data: InstallationAnswer }) {
  const { t } = useTranslation('installation');
  const money = useMoney();
  const reached = LIMIT_NAMES.filter((name) => isAtLimit(data.subscription.limits[name], data.counts[usageOf[name]]));
  return (
    <section aria-labelledby="usage-title" className="rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
      <h2 id="usage-title" className="text-base font-semibold text-gray-900">
        {t('usage.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600" data-testid="current-plan">
        {data.subscription.status === 'trial'
          ? t('usage.trial', { plan: t(`plans.${data.subscription.plan}`), count: data.trialDays })
          : t('usage.current', {
              plan: t(`plans.${data.subscription.plan}`),
              price: money(data.subscription.price, data.subscription.currency),
            })}
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {LIMIT_NAMES.map((name) => {
          const limit = data.subscription.limits[name];
          const used = data.counts[usageOf[name]];
          const share = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
          return (
            <div key={name} data-testid={`usage-${name}`}>
              <dt className="text-sm text-gray-600">{t(`limits.${name}`)}</dt>
              <dd className={`mt-1 text-lg font-semibold ${isAtLimit(limit, used) ? 'text-red-700' : 'text-gray-900'}`}>
                {limit === null ? t('usage.unlimited', { used }) : t('usage.of', { used, limit })}
              </dd>
              {limit !== null && (
                <div
                  className="mt-2 h-2 rounded bg-gray-100"
                  role="progressbar"
                  aria-label={t(`limits.${name}`)}
                  aria-valuemin={0}
                  aria-valuemax={limit}
                  aria-valuenow={used}
                >
                  <div className={`h-2 rounded ${share >= 100 ? 'bg-red-700' : 'bg-indigo-600'}`} style={{ width: `${share}%` }} />
                </div>
              )}
            </div>
          );
        })}
      </dl>
      {data.pendingCharge && (
        <p className="mt-4 text-sm font-medium text-amber-800" role="status" data-testid="pending-charge">
          {t('pending', {
            plan: t(`plans.${data.pendingCharge.plan}`),
            price: t('plan.perMonth', { price: money(data.pendingCharge.price, data.pendingCharge.currency) }),
          })}
        </p>
      )}
      {reached.some((name) => name !== 'ordersPerMonth') && (
        <p className="mt-4 text-sm font-medium text-red-700" role="status">
          {t('usage.upgrade')}
        </p>
      )}
      {/* Orders are never refused: reaching the month's number only asks for a bigger plan. */}
      {reached.includes('ordersPerMonth') && (
        <p className="mt-4 text-sm font-medium text-red-700" role="status">
          {t('usage.ordersReached', { limit: data.subscription.limits.ordersPerMonth })}
        </p>
      )}
    </section>
  );
}

type PlanChoice = z.output<typeof InstallationBodySchema>;

/**
 * The plan and add-ons to choose. Nothing changes on "Change plan" alone: a dialog first names the
 * plan and its monthly price, and says whether it applies at once (the built-in platform) or once
 * approved on the platform, where the confirmation then takes the admin.
 */
function PlanForm({ data }: { data: InstallationAnswer }) {
  const { t } = useTranslation('installation');
  const money = useMoney();
  // The plan catalogue is priced in USD cents.
  const usd = (cents: number) => money(toAmountText(cents, 'USD'), 'USD');
  const id = useId();
  const form = useForm<z.input<typeof InstallationBodySchema>, unknown, PlanChoice>({
    resolver,
    defaultValues: { plan: data.subscription.plan, addons: data.subscription.boughtAddons },
  });
  const [confirming, setConfirming] = useState<PlanChoice | null>(null);
  const plan = useWatch({ control: form.control, name: 'plan' });
  const addons = useWatch({ control: form.control, name: 'addons' }) ?? [];
  const priceText = (cents: number) => (cents === 0 ? t('plan.free') : t('plan.perMonth', { price: usd(cents) }));
  const submit = { onSubmit: form.handleSubmit((values) => setConfirming(values)), failure: '' };
  const confirm = async (choice: PlanChoice) => {
    // What is chosen is sent: no "unsaved changes" question on the way to the platform's approval page.
    form.reset(choice);
    const url = await changePlan(choice);
    if (new URL(url, window.location.href).origin === window.location.origin)
      showToast('success', t('confirm.changed', { plan: t(`plans.${choice.plan}`) }));
  };
  const chosenPrice = confirming ? monthlyPrice(confirming.plan, confirming.addons) : 0;
  return (
    <>
      <FormCard
        form={form}
        submit={submit}
        titleId="plan-title"
        title={t('plan.title')}
        intro={<p className="mt-1 text-sm text-gray-600">{t('plan.intro')}</p>}
        status={
          <span className="text-sm text-gray-700" data-testid="plan-total">
            {t('plan.total', { price: usd(monthlyPrice(plan, addons)) })}
          </span>
        }
        saveLabel={t('plan.save')}
      >
        <fieldset className="px-6 py-5">
          <legend className="sr-only">{t('plan.title')}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            {PLAN_IDS.map((planId) => {
              const { limits, price } = PLANS[planId];
              return (
                <label
                  key={planId}
                  htmlFor={`${id}-${planId}`}
                  className="flex cursor-pointer flex-col gap-1 rounded-lg p-4 ring-1 ring-gray-300 has-[:checked]:ring-2 has-[:checked]:ring-indigo-600"
                >
                  <span className="flex items-center gap-2">
                    <input
                      id={`${id}-${planId}`}
                      type="radio"
                      value={planId}
                      {...form.register('plan')}
                      className="size-4 accent-indigo-600"
                    />
                    <span className="font-semibold text-gray-900">{t(`plans.${planId}`)}</span>
                  </span>
                  <span className="text-sm text-gray-700">{price === 0 ? t('plan.free') : t('plan.perMonth', { price: usd(price) })}</span>
                  <ul className="text-sm text-gray-600">
                    {LIMIT_NAMES.map((name) => (
                      <li key={name}>
                        {limits[name] === null ? t(`plan.unlimited.${name}`) : t(`plan.limit.${name}`, { count: limits[name] })}
                      </li>
                    ))}
                    {PLANS[planId].includedAddons.length > 0 && <li>{t('plan.includesAddons')}</li>}
                  </ul>
                </label>
              );
            })}
          </div>
        </fieldset>
        <fieldset className="border-t border-gray-200 px-6 py-5">
          <legend className="text-sm font-semibold text-gray-900">{t('addons.title')}</legend>
          <div className="mt-3 space-y-2">
            {ADDON_IDS.map((addon) => {
              const included = PLANS[plan].includedAddons.includes(addon);
              return (
                <label key={addon} className="flex items-start gap-2 text-sm text-gray-800">
                  {included ? (
                    <input type="checkbox" checked disabled className="mt-0.5 size-4 accent-indigo-600" />
                  ) : (
                    <input type="checkbox" value={addon} {...form.register('addons')} className="mt-0.5 size-4 accent-indigo-600" />
                  )}
                  <span>
                    <span className="font-medium">{t(`addons.${addon}.name`)}</span>{' '}
                    <span className="text-gray-600">
                      {included ? t('addons.included') : t('plan.perMonth', { price: usd(ADDON_PRICES[addon]) })}
                    </span>
                    <span className="block text-gray-600">{t(`addons.${addon}.description`)}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      </FormCard>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t('confirm.title', { plan: t(`plans.${confirming.plan}`) }) : ''}
        confirmLabel={confirming ? t('confirm.button', { plan: t(`plans.${confirming.plan}`), price: priceText(chosenPrice) }) : ''}
        destructive={false}
        messageText={translateMessage}
        onConfirm={() => confirm(confirming!)}
        onClose={() => setConfirming(null)}
      >
        <p data-testid="plan-confirmation">
          {data.billing === 'platform' && chosenPrice > 0
            ? t('confirm.platform', { price: priceText(chosenPrice) })
            : chosenPrice === 0
              ? t('confirm.free')
              : t('confirm.now', { price: priceText(chosenPrice) })}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** /app/installation (admins): the marketplace's plan and add-ons, its usage against the limits, and the change of plan. */
export function InstallationPage() {
  const { t } = useTranslation('installation');
  usePageTitle(t('title'));
  const installation = useInstallation();
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
      {installation.isLoading && <LoadingBlock />}
      {installation.error && !installation.data && <AlertText>{translateMessage(errorMessage(installation.error))}</AlertText>}
      {installation.data && (
        <>
          <Usage data={installation.data} />
          <PlanForm
            key={`${installation.data.subscription.plan}:${installation.data.subscription.boughtAddons.join()}`}
            data={installation.data}
          />
        </>
      )}
    </div>
  );
}
