import { useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Market } from '#shared/delivery-markets';
import type { Zone } from '#shared/schemas/delivery';
import { AlertText } from '../../components/alert-text.tsx';
import { Button } from '../../components/button.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { HttpError } from '../../api/http-error.ts';
import { TextField } from '../settings/form-kit/text-field.tsx';
import { useDeliveryMessage } from './use-delivery-message.ts';
import { saveZone, type ZoneAnswer } from './api/delivery-zones.ts';
import { FormCell } from './form-cell.tsx';
import { ZoneCountries } from './zone-countries.tsx';
import { emptyRate, toZoneForm, zoneResolver, type ZoneFormValues } from './zone-form.ts';

/** Creates a zone (zone null) or edits one: name, countries and provinces, rates. */
export function ZoneEditor({ zone, markets, onDone }: { zone: ZoneAnswer | null; markets: Market[]; onDone: () => void }) {
  const { t } = useTranslation('delivery');
  const text = useDeliveryMessage();
  const [failure, setFailure] = useState('');
  const form = useForm<ZoneFormValues, unknown, { zone: Zone }>({ resolver: zoneResolver, defaultValues: toZoneForm(zone) });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'zone.rates' });
  const fieldOptions = [
    { value: '', label: t('rates.noField') },
    { value: 'TOTAL_WEIGHT', label: t('rates.TOTAL_WEIGHT') },
    { value: 'TOTAL_PRICE', label: t('rates.TOTAL_PRICE') },
  ];
  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure('');
      try {
        await saveZone(values.zone);
        onDone();
      } catch (error) {
        const fieldErrors = error instanceof HttpError ? Object.entries(error.fieldErrors) : [];
        for (const [path, message] of fieldErrors) form.setError(path as 'zone', { type: 'server', message });
        setFailure(fieldErrors.length ? t('fixFields') : text(errorMessage(error)));
      }
    },
    () => setFailure(t('fixFields')),
  );
  return (
    <section aria-labelledby="zone-editor-title" className="rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <header className="border-b border-gray-200 px-6 py-4">
            <h2 id="zone-editor-title" className="text-base font-semibold text-gray-900">
              {zone ? t('zone.editTitle', { name: zone.zoneName }) : t('zone.newTitle')}
            </h2>
          </header>
          <div className="space-y-6 px-6 py-5">
            <TextField name="zone.zoneName" label={t('zone.name')} autoFocus />
            <ZoneCountries markets={markets} />
            <fieldset>
              <legend className="text-sm font-semibold text-gray-900">{t('rates.title')}</legend>
              <p className="text-xs text-gray-500">{t('rates.hint')}</p>
              <div className="overflow-x-auto">
                <table className="mt-2 min-w-full text-sm">
                  <thead>
                    <tr className="text-left text-xs font-medium text-gray-600">
                      <th scope="col" className="px-1.5">{t('rates.name')}</th>
                      <th scope="col" className="px-1.5">{t('rates.description')}</th>
                      <th scope="col" className="px-1.5">{t('rates.price')}</th>
                      <th scope="col" className="px-1.5">{t('rates.field')}</th>
                      <th scope="col" className="px-1.5">{t('rates.min')}</th>
                      <th scope="col" className="px-1.5">{t('rates.max')}</th>
                      <th scope="col" className="px-1.5">
                        <span className="sr-only">{t('rates.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {fields.map((field, index) => {
                      const n = index + 1;
                      const base = `zone.rates.${index}`;
                      return (
                        <tr key={field.id} className="border-t border-gray-100">
                          <FormCell name={`${base}.name`} label={t('rates.nameOf', { n })} />
                          <FormCell name={`${base}.description`} label={t('rates.descriptionOf', { n })} />
                          <FormCell name={`${base}.price`} label={t('rates.priceOf', { n })} numeric />
                          <FormCell name={`${base}.field`} label={t('rates.fieldOf', { n })} options={fieldOptions} />
                          <FormCell name={`${base}.min`} label={t('rates.minOf', { n })} numeric />
                          <FormCell name={`${base}.max`} label={t('rates.maxOf', { n })} numeric />
                          <td className="px-1.5 py-2 align-top">
                            <Button variant="secondary" onClick={() => remove(index)} aria-label={t('rates.removeOf', { n })}>
                              ×
                            </Button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {fields.length === 0 && <p className="mt-2 text-sm text-gray-600">{t('rates.empty')}</p>}
              <Button variant="secondary" className="mt-2" onClick={() => append(emptyRate(), { shouldFocus: true })}>
                {t('rates.add')}
              </Button>
            </fieldset>
          </div>
          <footer className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 rounded-b-lg border-t border-gray-200 bg-gray-50 px-6 py-3">
            <AlertText>{failure}</AlertText>
            <Button variant="secondary" onClick={onDone}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('zone.save')}
            </Button>
          </footer>
        </form>
      </FormProvider>
    </section>
  );
}
