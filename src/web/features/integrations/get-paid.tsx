import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PayPalRegisterBodySchema, StripeRegisterBodySchema, type PaymentProviderName, type PayoutSession } from '#shared/schemas/payments';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { CodePickerInput } from '#web/components/form/code-picker.tsx';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { inputClass } from '#web/components/form/input-style.ts';
import { TextInput } from '#web/components/form/text-input.tsx';
import { FormCard } from '#web/components/form/form-card.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { RedirectButton } from '#web/components/redirect-button.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import { disconnect, openStripeDashboard, openStripeOnboarding, registerPayPal, registerStripe, useStripeAccount } from './api/payments.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';

function Panel({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId} className="rounded-lg bg-white px-6 py-5 shadow-sm ring-1 ring-gray-900/5">
      <h2 id={titleId} className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

/** Disconnect, after a confirmation: payments already made stay; the next ones cannot use this provider. */
function Disconnect({ provider, name }: { provider: PaymentProviderName; name: string }) {
  const { t } = useTranslation('integrations');
  return (
    <ConfirmButton
      label={t('getPaid.disconnect')}
      title={t('getPaid.disconnectTitle', { name })}
      body={t('getPaid.disconnectBody', { name })}
      done={t('getPaid.disconnected', { name })}
      onConfirm={() => disconnect(provider)}
    />
  );
}

const stripeResolver = zodResolver(StripeRegisterBodySchema);

function StripeRegisterForm() {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const id = useId();
  const form = useForm<z.input<typeof StripeRegisterBodySchema>, unknown, z.output<typeof StripeRegisterBodySchema>>({
    resolver: stripeResolver,
    defaultValues: { email: '', country: '' },
  });
  const submit = useFormSave(form, {
    save: registerStripe,
    onSaved: () => undefined,
    savedText: t('toast.stripeAccountSaved'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="stripe-register-title"
      title={t('getPaid.stripe.title')}
      intro={<p className="mt-1 text-sm text-gray-600">{t('getPaid.stripe.intro')}</p>}
      saveLabel={t('getPaid.stripe.register')}
    >
      <div className="grid gap-4 px-6 py-5 sm:grid-cols-2">
        <ControlledField control={form.control} name="email" id={`${id}-email`} label={t('getPaid.stripe.email')} required errorText={text}>
          {(props) => <TextInput {...props} type="email" autoComplete="email" />}
        </ControlledField>
        <ControlledField
          control={form.control}
          name="country"
          id={`${id}-country`}
          label={t('getPaid.stripe.country')}
          required
          errorText={text}
        >
          {(props) => <CodePickerInput kind="country" {...props} />}
        </ControlledField>
      </div>
    </FormCard>
  );
}

/** Stripe: register → onboarding at Stripe → the dashboard link; the account's state as Stripe has it. */
function StripePart({ account: registered }: { account: NonNullable<PayoutSession['accounts']>['stripe'] }) {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const account = useStripeAccount(!!registered);
  if (!registered) return <StripeRegisterForm />;
  const state = account.data?.account;
  return (
    <Panel titleId="stripe-title" title={t('getPaid.stripe.title')}>
      <p className="text-sm text-gray-700">{t('getPaid.stripe.connectedAs', { email: registered.email, country: registered.country })}</p>
      {account.isLoading && <LoadingBlock />}
      {account.error && <AlertText>{text(errorMessage(account.error))}</AlertText>}
      {state && (
        <p className="text-sm font-medium" role="status" data-testid="stripe-state">
          {state.payoutsEnabled ? (
            <span className="text-green-800">{t('getPaid.stripe.ready')}</span>
          ) : (
            <span className="text-amber-800">{t('getPaid.stripe.unfinished')}</span>
          )}
        </p>
      )}
      <div className="flex flex-wrap items-start gap-3">
        {state && !state.detailsSubmitted && (
          <RedirectButton namespace="integrations" label={t('getPaid.stripe.onboard')} open={openStripeOnboarding} />
        )}
        {state?.detailsSubmitted && (
          <RedirectButton namespace="integrations" label={t('getPaid.stripe.dashboard')} open={openStripeDashboard} variant="secondary" />
        )}
        <Disconnect provider="stripe" name="Stripe" />
      </div>
    </Panel>
  );
}

const paypalResolver = zodResolver(PayPalRegisterBodySchema);

function PayPalForm({ current, onDone }: { current: NonNullable<PayoutSession['accounts']>['paypal']; onDone?: () => void }) {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const id = useId();
  const form = useForm<z.input<typeof PayPalRegisterBodySchema>, unknown, z.output<typeof PayPalRegisterBodySchema>>({
    resolver: paypalResolver,
    defaultValues: { emailOrVenmo: current?.receiver ?? '', type: current?.type ?? 'EMAIL' },
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const submit = useFormSave(form, {
    save: registerPayPal,
    onSaved: () => onDone?.(),
    savedText: t('toast.payPalAccountSaved'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="paypal-register-title"
      title={t('getPaid.paypal.title')}
      intro={<p className="mt-1 text-sm text-gray-600">{t('getPaid.paypal.intro')}</p>}
      saveLabel={t('getPaid.paypal.register')}
    >
      <div className="grid gap-4 px-6 py-5 sm:grid-cols-2">
        <ControlledField control={form.control} name="type" id={`${id}-type`} label={t('getPaid.paypal.type')} required errorText={text}>
          {(props) => (
            <select
              ref={props.inputRef}
              id={props.id}
              name={props.name}
              value={props.value}
              onChange={(event) => props.onChange(event.target.value as 'EMAIL' | 'USER_HANDLE')}
              onBlur={props.onBlur}
              aria-describedby={props.describedBy}
              aria-invalid={props.invalid || undefined}
              className={inputClass(props.invalid)}
            >
              <option value="EMAIL">{t('getPaid.paypal.email')}</option>
              <option value="USER_HANDLE">{t('getPaid.paypal.venmo')}</option>
            </select>
          )}
        </ControlledField>
        <ControlledField
          control={form.control}
          name="emailOrVenmo"
          id={`${id}-receiver`}
          label={type === 'USER_HANDLE' ? t('getPaid.paypal.venmoLabel') : t('getPaid.paypal.emailLabel')}
          required
          errorText={text}
        >
          {(props) => (
            <TextInput
              {...props}
              type={type === 'USER_HANDLE' ? 'text' : 'email'}
              autoComplete={type === 'USER_HANDLE' ? 'off' : 'email'}
            />
          )}
        </ControlledField>
      </div>
    </FormCard>
  );
}

/** PayPal: the e-mail or Venmo username the vendor is paid to; change or disconnect it. */
function PayPalPart({ account }: { account: NonNullable<PayoutSession['accounts']>['paypal'] }) {
  const { t } = useTranslation('integrations');
  const [changing, setChanging] = useState(false);
  if (!account || changing) return <PayPalForm current={account} onDone={() => setChanging(false)} />;
  return (
    <Panel titleId="paypal-title" title={t('getPaid.paypal.title')}>
      <p className="text-sm text-gray-700" role="status" data-testid="paypal-receiver">
        {t(account.type === 'EMAIL' ? 'getPaid.paypal.paidToEmail' : 'getPaid.paypal.paidToVenmo', { receiver: account.receiver })}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => setChanging(true)}>
          {t('getPaid.paypal.change')}
        </Button>
        <Disconnect provider="paypal" name="PayPal" />
      </div>
    </Panel>
  );
}

/** For a vendor (or an admin acting as one): how the marketplace pays it. */
export function GetPaid({ session }: { session: PayoutSession }) {
  const { t } = useTranslation('integrations');
  const accounts = session.accounts ?? { stripe: null, paypal: null };
  // Test keys and PayPal's sandbox move no real money: the vendor must not wait for it.
  const inTestMode = [
    session.stripe.offered && session.stripe.isTestKey && 'Stripe',
    session.paypal.offered && session.paypal.isSandbox && 'PayPal',
  ].filter(Boolean);
  return (
    <section aria-labelledby="get-paid-title" className="space-y-4">
      <div>
        <h2 id="get-paid-title" className="text-lg font-semibold text-gray-900">
          {t('getPaid.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('getPaid.intro')}</p>
      </div>
      {!session.stripe.offered && !session.paypal.offered && (
        <p className="rounded-lg border border-dashed border-gray-300 px-6 py-8 text-center text-sm text-gray-600">{t('getPaid.none')}</p>
      )}
      {inTestMode.length > 0 && (
        <p
          role="note"
          className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="payout-test-mode"
        >
          {t('getPaid.testMode', { providers: inTestMode.join(' & ') })}
        </p>
      )}
      {session.stripe.offered && <StripePart account={accounts.stripe} />}
      {session.paypal.offered && <PayPalPart account={accounts.paypal} />}
    </section>
  );
}
