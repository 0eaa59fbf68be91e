import { Controller, get, useFieldArray, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Market } from '#shared/delivery-markets';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { CodePickerControl } from '#web/components/form/code-picker.tsx';
import { checkboxClass } from '#web/components/form/input-style.ts';
import { describedByOf, errorIdOf } from '#web/components/form/field-frame.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { DELIVERY_MESSAGES } from './delivery-messages.ts';
import type { ZoneFormValues } from './zone-form.ts';

/** One country of the zone: chosen among the markets (searchable by name or code) and, when it has some, its provinces. */
function CountryRow({ index, markets, onRemove }: { index: number; markets: Market[]; onRemove: () => void }) {
  const { t } = useTranslation('delivery');
  const text = useMessageText('delivery', DELIVERY_MESSAGES);
  const { control, formState } = useFormContext<ZoneFormValues>();
  const code = useWatch({ control, name: `zone.countries.${index}.code` }) ?? '';
  const market = markets.find((m) => m.code === code);
  const name = `zone.countries.${index}.code` as const;
  const error = text((get(formState.errors, name) as FieldError | undefined)?.message);
  const provincesError = text(
    (get(formState.errors, `zone.countries.${index}.provinces`) as FieldError[] | undefined)?.find?.((e) => e?.message)?.message,
  );
  const id = `country-${index}`;
  return (
    <li className="rounded-md border border-gray-200 p-3">
      <div className="flex flex-wrap items-start gap-2">
        <div className="grow">
          <label htmlFor={id} className="block text-sm font-medium text-gray-900">
            {t('zone.countryOf', { n: index + 1 })}
          </label>
          <div className="mt-1.5">
            <CodePickerControl
              name={name}
              kind="country"
              within={markets}
              id={id}
              invalid={!!error}
              describedBy={describedByOf(id, undefined, error)}
            />
          </div>
          <AlertText id={errorIdOf(id)} className="mt-1">
            {error}
          </AlertText>
        </div>
        <Button variant="secondary" className="mt-6" onClick={onRemove} aria-label={t('zone.removeCountry', { n: index + 1 })}>
          ×
        </Button>
      </div>
      {market && market.provinces.length > 0 && (
        <Controller
          control={control}
          name={`zone.countries.${index}.provinces`}
          render={({ field }) => {
            const chosen = field.value ?? [];
            return (
              <fieldset className="mt-3">
                <legend className="text-sm font-medium text-gray-900">{t('zone.provinces')}</legend>
                <p className="text-xs text-gray-500">{t('zone.provincesHint')}</p>
                <ul className="mt-2 grid max-h-48 gap-1 overflow-y-auto rounded-md border border-gray-100 p-2 sm:grid-cols-2 lg:grid-cols-3">
                  {market.provinces.map((p) => (
                    <li key={p.code} className="flex items-center gap-2">
                      <input
                        id={`${id}-${p.code}`}
                        type="checkbox"
                        className={checkboxClass}
                        checked={chosen.includes(p.code)}
                        onChange={(e) => field.onChange(e.target.checked ? [...chosen, p.code] : chosen.filter((c) => c !== p.code))}
                      />
                      <label htmlFor={`${id}-${p.code}`} className="text-sm text-gray-800">
                        {p.name}
                      </label>
                    </li>
                  ))}
                </ul>
                <AlertText className="mt-1">{provincesError}</AlertText>
              </fieldset>
            );
          }}
        />
      )}
    </li>
  );
}

export function ZoneCountries({ markets }: { markets: Market[] }) {
  const { t } = useTranslation('delivery');
  const { control } = useFormContext<ZoneFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'zone.countries' });
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-gray-900">{t('zone.countries')}</legend>
      {fields.length === 0 && <p className="mt-2 text-sm text-gray-600">{t('zone.noCountries')}</p>}
      <ul className="mt-2 space-y-2">
        {fields.map((field, index) => (
          <CountryRow key={field.id} index={index} markets={markets} onRemove={() => remove(index)} />
        ))}
      </ul>
      <Button variant="secondary" className="mt-2" onClick={() => append({ code: '', provinces: [] }, { shouldFocus: true })}>
        {t('zone.addCountry')}
      </Button>
    </fieldset>
  );
}
