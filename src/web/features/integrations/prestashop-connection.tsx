import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { IntegrationConnectSchema, IntegrationSettingsSchema, type IntegrationKeysAnswer } from '#shared/schemas/integrations';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { TextInput } from '#web/components/form/text-input.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { FormCard } from '#web/components/form/form-card.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import { connectShop, disconnectShop, saveSyncSettings } from './api/integrations.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';

type Integration = NonNullable<IntegrationKeysAnswer['integration']>;
const connectResolver = zodResolver(IntegrationConnectSchema);
const settingsResolver = zodResolver(IntegrationSettingsSchema);

/** POST integrations/keys: the shop's address and webservice key, checked with the shop before they are kept. */
export function ConnectShopCard({ integration }: { integration: Integration | null }) {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const id = useId();
  const empty = { domain: integration?.domain ?? '', webserviceKey: '', type: 'prestashop' as const };
  const form = useForm<z.input<typeof IntegrationConnectSchema>, unknown, z.output<typeof IntegrationConnectSchema>>({
    resolver: connectResolver,
    defaultValues: empty,
  });
  const submit = useFormSave(form, {
    save: connectShop,
    onSaved: (answer) => form.reset({ ...empty, domain: answer.integration?.domain ?? '' }),
    savedText: t('toast.shopConnected'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="prestashop-title"
      title={t('prestashop.title')}
      intro={
        <>
          <p className="mt-1 text-sm text-gray-600">{t('prestashop.intro')}</p>
          <p className="mt-1 text-sm text-gray-600" role="status">
            {integration ? t('prestashop.connectedTo', { domain: integration.domain }) : t('prestashop.notConnected')}
          </p>
        </>
      }
      actions={
        integration && (
          <ConfirmButton
            label={t('prestashop.disconnect')}
            title={t('prestashop.disconnectTitle')}
            body={t('prestashop.disconnectBody')}
            done={t('prestashop.disconnected')}
            onConfirm={async () => void (await disconnectShop())}
          />
        )
      }
      saveLabel={integration ? t('prestashop.replace') : t('prestashop.connect')}
    >
      <div className="grid gap-4 px-6 py-5 sm:grid-cols-2">
        <ControlledField
          control={form.control}
          name="domain"
          id={`${id}-domain`}
          label={t('prestashop.domain')}
          description={t('prestashop.domainHint')}
          required
          errorText={text}
        >
          {(props) => <TextInput {...props} type="url" inputMode="url" autoComplete="url" placeholder="https://shop.example" />}
        </ControlledField>
        <ControlledField
          control={form.control}
          name="webserviceKey"
          id={`${id}-key`}
          label={t('prestashop.key')}
          description={t('prestashop.keyHint')}
          required
          errorText={text}
        >
          {(props) => <TextInput {...props} autoComplete="off" />}
        </ControlledField>
      </div>
    </FormCard>
  );
}

/** PUT integrations/keys: imported price = shop price × factor + cost, and what a new sync leaves as it is. */
export function SyncSettingsCard({ integration }: { integration: Integration }) {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const id = useId();
  const values = {
    additionalCost: integration.additionalCost,
    additionalFactor: integration.additionalFactor,
    skipPriceUpdate: integration.skipPriceUpdate,
    skipContentUpdate: integration.skipContentUpdate,
  };
  const form = useForm<z.input<typeof IntegrationSettingsSchema>, unknown, z.output<typeof IntegrationSettingsSchema>>({
    resolver: settingsResolver,
    defaultValues: values,
  });
  const submit = useFormSave(form, {
    save: saveSyncSettings,
    onSaved: (answer) => answer.integration && form.reset({ ...values, ...answer.integration }),
    savedText: t('toast.syncSaved'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="sync-settings-title"
      title={t('settings.title')}
      intro={<p className="mt-1 text-sm text-gray-600">{t('settings.intro')}</p>}
      saveLabel={t('settings.save')}
    >
      <div className="grid gap-4 px-6 py-5 sm:grid-cols-2">
        <ControlledField
          control={form.control}
          name="additionalFactor"
          id={`${id}-factor`}
          label={t('settings.factor')}
          description={t('settings.factorHint')}
          required
          errorText={text}
        >
          {(props) => <TextInput {...props} value={String(props.value ?? '')} />}
        </ControlledField>
        <ControlledField
          control={form.control}
          name="additionalCost"
          id={`${id}-cost`}
          label={t('settings.cost')}
          description={t('settings.costHint')}
          required
          errorText={text}
        >
          {(props) => <TextInput {...props} value={String(props.value ?? '')} />}
        </ControlledField>
        <div className="space-y-4 sm:col-span-2">
          <ToggleField name="skipPriceUpdate" label={t('settings.skipPrice')} hint={t('settings.skipPriceHint')} />
          <ToggleField name="skipContentUpdate" label={t('settings.skipContent')} hint={t('settings.skipContentHint')} />
        </div>
      </div>
    </FormCard>
  );
}
