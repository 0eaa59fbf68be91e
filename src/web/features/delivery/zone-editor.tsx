import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Market } from '#shared/delivery-markets';
import type { Zone } from '#shared/schemas/delivery';
import { Button } from '#web/components/button.tsx';
import { FormCard } from '#web/components/form/form-card.tsx';
import { RowsTable } from '#web/components/rows-table.tsx';
import { SelectField } from '#web/components/form/select-field.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { DELIVERY_MESSAGES } from './delivery-messages.ts';
import { saveZone, type ZoneAnswer } from './api/delivery-zones.ts';
import { FormCell } from './form-cell.tsx';
import { ZoneCountries } from './zone-countries.tsx';
import { emptyRate, toZoneForm, zoneResolver, type ZoneFormValues } from './zone-form.ts';

/**
 * Creates a zone (zone null) or edits one: name, currency, countries and provinces, rates. A zone is
 * priced in the store's currency, or keeps its own until an admin moves it to the store's.
 */
export function ZoneEditor({
  zone,
  markets,
  storeCurrency,
  onDone,
}: {
  zone: ZoneAnswer | null;
  markets: Market[];
  storeCurrency: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('delivery');
  const text = useMessageText('delivery', DELIVERY_MESSAGES);
  const form = useForm<ZoneFormValues, unknown, { zone: Zone }>({ resolver: zoneResolver, defaultValues: toZoneForm(zone, storeCurrency) });
  const currency = useWatch({ control: form.control, name: 'zone.currency' });
  const currencies = [...new Set([zone?.currency ?? storeCurrency, storeCurrency])].map((code) => ({ value: code, label: code }));
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'zone.rates' });
  const submit = useFormSave(form, {
    save: (values) => saveZone(values.zone),
    onSaved: onDone,
    savedText: t('zoneSaved'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  const fieldOptions = [
    { value: '', label: t('rates.noField') },
    { value: 'TOTAL_WEIGHT', label: t('rates.TOTAL_WEIGHT') },
    { value: 'TOTAL_PRICE', label: t('rates.TOTAL_PRICE') },
  ];
  const columns = [
    t('rates.name'),
    t('rates.description'),
    t('rates.priceIn', { currency }),
    t('rates.field'),
    t('rates.min'),
    t('rates.max'),
  ];
  const title = zone ? t('zone.editTitle', { name: zone.zoneName }) : t('zone.newTitle');
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="zone-editor-title"
      title={title}
      saveLabel={t('zone.save')}
      actions={
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      }
    >
      <div className="space-y-6 px-6 py-5">
        <TextField name="zone.zoneName" label={t('zone.name')} autoFocus />
        <SelectField name="zone.currency" label={t('zone.currency')} hint={t('zone.currencyHint')} options={currencies} />
        <ZoneCountries markets={markets} />
        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">{t('rates.title')}</legend>
          <p className="text-xs text-gray-500">{t('rates.hint')}</p>
          <div className="scroll-box">
            <RowsTable
              className="mt-2 min-w-full text-sm"
              headerClassName="px-1.5"
              columns={columns}
              actionsLabel={t('rates.actions')}
              rows={fields}
              onRemove={remove}
              removeLabel={(n) => t('rates.removeOf', { n })}
              cells={(index, n) => {
                const base = `zone.rates.${index}`;
                return (
                  <>
                    <FormCell name={`${base}.name`} label={t('rates.nameOf', { n })} />
                    <FormCell name={`${base}.description`} label={t('rates.descriptionOf', { n })} />
                    <FormCell name={`${base}.price`} label={t('rates.priceOf', { n })} decimal />
                    <FormCell name={`${base}.field`} label={t('rates.fieldOf', { n })} options={fieldOptions} />
                    <FormCell name={`${base}.min`} label={t('rates.minOf', { n })} decimal />
                    <FormCell name={`${base}.max`} label={t('rates.maxOf', { n })} decimal />
                  </>
                );
              }}
            />
          </div>
          {fields.length === 0 && <p className="mt-2 text-sm text-gray-600">{t('rates.empty')}</p>}
          <Button variant="secondary" className="mt-2" onClick={() => append(emptyRate(), { shouldFocus: true })}>
            {t('rates.add')}
          </Button>
        </fieldset>
      </div>
    </FormCard>
  );
}
