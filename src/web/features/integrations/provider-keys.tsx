import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PayPalKeyBodySchema, StripeKeyBodySchema, type PayoutSession } from '#shared/schemas/payments';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { TextInput } from '#web/components/form/text-input.tsx';
import { FormCard } from '#web/components/form/form-card.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import { deletePayPalKey, deleteStripeKey, savePayPalKey, saveStripeKey } from './api/payments.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';

function StatusLine({ active, test, testLabel }: { active: boolean; test: boolean | null; testLabel: string }) {
  const { t } = useTranslation('integrations');
  return (
    <p className="mt-1 text-sm text-gray-600" role="status">
      {active ? t('keys.active') : t('keys.inactive')}
      {active && test && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">{testLabel}</span>}
    </p>
  );
}

/** Remove a marketplace key, after a confirmation. */
function RemoveKey({ title, body, onRemove }: { title: string; body: string; onRemove: () => Promise<void> }) {
  const { t } = useTranslation('integrations');
  return <ConfirmButton label={t('keys.remove')} title={title} body={body} done={t('keys.removed')} onConfirm={onRemove} />;
}

const stripeResolver = zodResolver(StripeKeyBodySchema);

/** PUT/DELETE stripe/api-key: the platform's secret key, write-only (GET says only whether one is active). */
export function StripeKeyCard({ session }: { session: PayoutSession }) {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const id = useId();
  const form = useForm<z.input<typeof StripeKeyBodySchema>, unknown, z.output<typeof StripeKeyBodySchema>>({
    resolver: stripeResolver,
    defaultValues: { secretKey: '' },
  });
  const submit = useFormSave(form, {
    save: saveStripeKey,
    onSaved: () => form.reset({ secretKey: '' }),
    savedText: t('toast.stripeKeySaved'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="stripe-key-title"
      title={t('keys.stripe.title')}
      intro={
        <>
          <p className="mt-1 text-sm text-gray-600">{t('keys.stripe.intro')}</p>
          <StatusLine active={session.stripe.active} test={session.stripe.isTestKey} testLabel={t('keys.stripe.test')} />
        </>
      }
      actions={
        session.stripe.active && (
          <RemoveKey title={t('keys.stripe.removeTitle')} body={t('keys.stripe.removeBody')} onRemove={deleteStripeKey} />
        )
      }
      saveLabel={session.stripe.active ? t('keys.replace') : t('keys.save')}
    >
      <div className="px-6 py-5">
        <ControlledField
          control={form.control}
          name="secretKey"
          id={`${id}-secret`}
          label={t('keys.stripe.secretKey')}
          description={t('keys.stripe.secretKeyHint')}
          required
          errorText={text}
        >
          {(props) => <TextInput {...props} autoComplete="off" placeholder="sk_live_…" />}
        </ControlledField>
      </div>
    </FormCard>
  );
}

const paypalResolver = zodResolver(PayPalKeyBodySchema);

/** PUT/DELETE paypal/admin/api-key: the marketplace's PayPal REST app (client id and secret, sandbox or live). */
export function PayPalKeyCard({ session }: { session: PayoutSession }) {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const id = useId();
  const empty = { clientId: '', clientSecret: '', isSandbox: session.paypal.isSandbox ?? true };
  const form = useForm<z.input<typeof PayPalKeyBodySchema>, unknown, z.output<typeof PayPalKeyBodySchema>>({
    resolver: paypalResolver,
    defaultValues: empty,
  });
  const submit = useFormSave(form, {
    save: savePayPalKey,
    onSaved: (answer) => form.reset({ ...empty, isSandbox: answer.isSandbox ?? true }),
    savedText: t('toast.payPalKeySaved'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="paypal-key-title"
      title={t('keys.paypal.title')}
      intro={
        <>
          <p className="mt-1 text-sm text-gray-600">{t('keys.paypal.intro')}</p>
          <StatusLine active={session.paypal.active} test={session.paypal.isSandbox} testLabel={t('keys.paypal.sandbox')} />
        </>
      }
      actions={
        session.paypal.active && (
          <RemoveKey title={t('keys.paypal.removeTitle')} body={t('keys.paypal.removeBody')} onRemove={deletePayPalKey} />
        )
      }
      saveLabel={session.paypal.active ? t('keys.replace') : t('keys.save')}
    >
      <div className="grid gap-4 px-6 py-5 sm:grid-cols-2">
        <ControlledField
          control={form.control}
          name="clientId"
          id={`${id}-client`}
          label={t('keys.paypal.clientId')}
          required
          errorText={text}
        >
          {(props) => <TextInput {...props} autoComplete="off" />}
        </ControlledField>
        <ControlledField
          control={form.control}
          name="clientSecret"
          id={`${id}-secret`}
          label={t('keys.paypal.clientSecret')}
          required
          errorText={text}
        >
          {(props) => <TextInput {...props} autoComplete="off" />}
        </ControlledField>
        <Controller
          control={form.control}
          name="isSandbox"
          render={({ field }) => (
            <label className="flex items-center gap-2 text-sm text-gray-900 sm:col-span-2">
              <input
                type="checkbox"
                ref={field.ref}
                name={field.name}
                checked={!!field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                className="size-4 rounded border-gray-300 text-indigo-600 focus:ring-indigo-600"
              />
              {t('keys.paypal.isSandbox')}
            </label>
          )}
        />
      </div>
    </FormCard>
  );
}
