import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MarketplaceVendorSettingsSchema, type MarketplaceVendorSettings } from '#shared/schemas/commissions';
import { AlertText } from '#web/components/alert-text.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { useMessageText } from '#web/components/form/message-text.ts';
import { FormCard } from '#web/components/form/form-card.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { saveMarketplaceVendorSettings, useMarketplaceVendorSettings } from './api/marketplace-settings.ts';

/**
 * For admins, on a vendor's page: what the marketplace decides for that vendor (PUT
 * settings/marketplace-settings): whether its products go live without review, whether the
 * marketplace manages its shop, and a way to its own commission lines.
 */
export function MarketplaceSettingsPanel({ vendor }: { vendor: string }) {
  const { t } = useTranslation('vendor-page');
  const { data, error, isLoading } = useMarketplaceVendorSettings(vendor);
  if (isLoading) return <LoadingBlock />;
  if (error) return <AlertText>{errorMessage(error)}</AlertText>;
  if (!data?.vendorSettings) return null;
  const stored = data.vendorSettings;
  return (
    <MarketplaceSettingsForm
      key={vendor}
      values={{
        vendor,
        autoApprove: stored.autoApprove ?? data.settings.autoApprove.enabledDefault,
        isManagedByMarketplace: stored.isManagedByMarketplace,
      }}
      title={t('managed.title', { name: vendor })}
    />
  );
}

function MarketplaceSettingsForm({ values, title }: { values: Required<Omit<MarketplaceVendorSettings, 'commissions'>>; title: string }) {
  const { t } = useTranslation('vendor-page');
  const words = useWordingValues();
  const text = useMessageText();
  const titleId = useId();
  const form = useForm<MarketplaceVendorSettings>({ resolver: zodResolver(MarketplaceVendorSettingsSchema), defaultValues: values });
  const submit = useFormSave(form, {
    save: saveMarketplaceVendorSettings,
    onSaved: (answer) =>
      form.reset({
        vendor: values.vendor,
        autoApprove: answer.autoApprove ?? values.autoApprove,
        isManagedByMarketplace: answer.isManagedByMarketplace,
      }),
    savedText: t('managed.toast'),
    fixFields: t('managed.fixFields'),
    messageText: text,
  });
  const box = 'mt-0.5 size-4 rounded border-gray-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600';
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId={titleId}
      title={title}
      intro={<p className="mt-1 text-sm text-gray-600">{t('managed.intro', words)}</p>}
      saveLabel={t('managed.save')}
    >
      <div className="space-y-4 px-6 py-5">
        <label className="flex items-start gap-3 text-sm text-gray-900">
          <input type="checkbox" className={box} {...form.register('autoApprove')} />
          <span>
            {t('managed.autoApprove', words)}
            <span className="block text-gray-600">{t('managed.autoApproveHint', words)}</span>
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm text-gray-900">
          <input type="checkbox" className={box} {...form.register('isManagedByMarketplace')} />
          <span>
            {t('managed.isManagedByMarketplace', words)}
            <span className="block text-gray-600">{t('managed.isManagedByMarketplaceHint', words)}</span>
          </span>
        </label>
        <Link
          to={{ pathname: '/commissions', search: `?${new URLSearchParams({ vendor: values.vendor })}` }}
          className="inline-block text-sm font-medium text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {t('managed.commissions', { name: values.vendor })}
        </Link>
      </div>
    </FormCard>
  );
}
