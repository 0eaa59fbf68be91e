import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { DiscountInput } from '#shared/schemas/discounts';
import { AlertText } from '#web/components/alert-text.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { FormCard } from '#web/components/form/form-card.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { SelectField } from '#web/components/form/select-field.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import { secondaryLinkClass, textLinkClass } from '#web/components/link-styles.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useVendorNames } from '#web/api/vendor-names.ts';
import { useSession } from '#web/session/use-session.ts';
import { saveDiscount, useDiscounts, type Discount } from './api/discounts.ts';
import { discountResolver, toEditorValues, type DiscountEditorValues } from './discount-form.ts';
import { DISCOUNT_MESSAGE_PATTERNS } from './discount-messages.ts';

/** /app/discounts/new and /app/discounts/{id}: the editor of one discount, from the list's data. */
export function DiscountEditorPage() {
  const { t } = useTranslation('discounts');
  const { id = 'new' } = useParams();
  const discounts = useDiscounts();
  const isNew = id === 'new';
  const discount = isNew ? null : discounts.data?.discounts.find((d) => d.id === id);
  usePageTitle(isNew ? t('editor.newTitle') : (discount?.name ?? t('title')));

  if (!isNew && discounts.isLoading) return <LoadingBlock />;
  if (!isNew && discounts.error && !discounts.data) return <AlertText>{errorMessage(discounts.error)}</AlertText>;
  if (discount === undefined) {
    return (
      <div className="space-y-4">
        <AlertText>{t('editor.notFound')}</AlertText>
        <Link to="/discounts" className={textLinkClass}>
          {t('editor.back')}
        </Link>
      </div>
    );
  }
  return <DiscountEditor key={id} discount={discount} storeCurrency={discounts.data?.currency} />;
}

function DiscountEditor({ discount, storeCurrency }: { discount: Discount | null; storeCurrency?: string }) {
  const { t } = useTranslation('discounts');
  const navigate = useNavigate();
  const user = useSession();
  const text = useMessageText('discounts', DISCOUNT_MESSAGE_PATTERNS);
  const vendorNames = useVendorNames(!!user?.admin);
  const form = useForm<DiscountEditorValues, unknown, DiscountInput>({
    resolver: discountResolver,
    // A new discount opened before the list arrived is in the store's currency: the server's default.
    defaultValues: toEditorValues(discount, new Date().toISOString().slice(0, 10), storeCurrency ?? ''),
  });
  const submit = useFormSave(form, {
    save: (values) => saveDiscount(discount?.id ?? null, values),
    savedText: t('discountSaved'),
    fixFields: t('fixFields'),
    messageText: text,
    conflictField: 'code',
  });
  // Back to the list once the form holds no unsaved edit any more (so leaving is not asked about).
  useEffect(() => {
    if (submit.state.kind === 'saved' && !form.formState.isDirty) void navigate('/discounts');
  }, [submit.state.kind, form.formState.isDirty, navigate]);
  const [method, valueType, withEndDate, withUsage, minType, currency, fundedBy] = useWatch({
    control: form.control,
    name: ['method', 'value.type', 'active.withEndDate', 'limit.withUsage', 'minPurchase.type', 'currency', 'fundedBy'],
  });
  const currencies = [...new Set([discount?.currency ?? storeCurrency, storeCurrency])].flatMap((code) =>
    code ? [{ value: code, label: code }] : [],
  );
  const scopes = [
    { value: '', label: t('editor.marketplaceScope') },
    ...vendorNames.map((name) => ({ value: name, label: t('editor.vendorScope', { vendor: name }) })),
  ];
  if (discount?.vendor && !vendorNames.includes(discount.vendor))
    scopes.push({ value: discount.vendor, label: t('editor.vendorScope', { vendor: discount.vendor }) });

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">
        {discount ? t('editor.editTitle', { name: discount.name }) : t('editor.newTitle')}
      </h1>
      <FormCard
        form={form}
        submit={submit}
        titleId="discount-editor-title"
        title={t('editor.details')}
        saveLabel={t('editor.save')}
        actions={
          <Link to="/discounts" className={secondaryLinkClass}>
            {t('editor.cancel')}
          </Link>
        }
      >
        <div className="grid gap-6 px-4 py-5 sm:grid-cols-2 sm:px-6">
          <SelectField
            name="method"
            label={t('editor.method')}
            options={[
              { value: 'code', label: t('editor.methodCode') },
              { value: 'automatic', label: t('editor.methodAutomatic') },
            ]}
          />
          {method === 'code' ? (
            <TextField name="code" label={t('editor.code')} hint={t('editor.codeHint')} autoComplete="off" />
          ) : (
            <p className="self-end text-sm text-gray-600">{t('editor.automaticHint')}</p>
          )}
          <TextField name="name" label={t('editor.name')} className="sm:col-span-2" />
          {currencies.length > 0 && (
            <SelectField name="currency" label={t('editor.currency')} hint={t('editor.currencyHint')} options={currencies} />
          )}
          <SelectField
            name="value.type"
            label={t('editor.valueType')}
            options={[
              { value: 'percentage', label: t('editor.percentage') },
              { value: 'fixed', label: t('editor.fixed') },
            ]}
          />
          {valueType === 'fixed' ? (
            <TextField
              name="value.fixed"
              label={currency ? t('editor.fixedAmountIn', { currency }) : t('editor.fixedAmount')}
              inputMode="decimal"
            />
          ) : (
            <TextField name="value.percentage" label={t('editor.percentageValue')} numeric="number" step="0.01" min={0} max={100} />
          )}
          <TextField name="active.from" label={t('editor.from')} type="date" />
          <div className="space-y-4">
            <ToggleField name="active.withEndDate" label={t('editor.withEndDate')} />
            {withEndDate && <TextField name="active.until" label={t('editor.until')} type="date" />}
          </div>
          <ToggleField name="limit.onePerCustomer" label={t('editor.onePerCustomer')} hint={t('editor.onePerCustomerHint')} />
          <div className="space-y-4">
            <ToggleField name="limit.withUsage" label={t('editor.withUsage')} />
            {withUsage && <TextField name="limit.usage" label={t('editor.usage')} numeric="number" step="1" min={1} />}
          </div>
          <SelectField
            name="minPurchase.type"
            label={t('editor.minPurchase')}
            options={[
              { value: 'none', label: t('editor.minNone') },
              { value: 'amount', label: t('editor.minAmount') },
              { value: 'quantity', label: t('editor.minQuantity') },
            ]}
          />
          {minType !== 'none' && (
            <TextField
              name="minPurchase.value"
              label={
                minType === 'amount'
                  ? currency
                    ? t('editor.minAmountValueIn', { currency })
                    : t('editor.minAmountValue')
                  : t('editor.minQuantityValue')
              }
              inputMode="decimal"
            />
          )}
          {user?.admin ? (
            <>
              <SelectField name="vendor" label={t('editor.scope')} options={scopes} />
              <div className="space-y-4">
                <SelectField
                  name="fundedBy"
                  label={t('editor.fundedBy')}
                  hint={t('editor.fundedByHint')}
                  options={[
                    { value: 'marketplace', label: t('editor.fundedByMarketplace') },
                    { value: 'vendor', label: t('editor.fundedByVendor') },
                    { value: 'split', label: t('editor.fundedBySplit') },
                  ]}
                />
                {fundedBy === 'split' && (
                  <TextField name="vendorShare" label={t('editor.vendorShare')} numeric="number" step="0.01" min={0} max={100} />
                )}
              </div>
            </>
          ) : (
            <p className="text-sm text-gray-600 sm:col-span-2">{t('editor.ownProducts')}</p>
          )}
        </div>
      </FormCard>
    </div>
  );
}
