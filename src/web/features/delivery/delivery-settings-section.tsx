import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DeliverySettingsSchema, type DeliverySettings } from '#shared/schemas/delivery';
import { CheckboxGroupField } from '#web/components/form/checkbox-group-field.tsx';
import { checkboxClass } from '#web/components/form/input-style.ts';
import { FieldFrame } from '#web/components/form/field-frame.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { TagListField } from '#web/components/form/tag-list-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { useFieldError } from '#web/components/form/use-field-error.ts';
import { saveDeliverySettings, type ZoneAnswer } from './api/delivery-zones.ts';
import { ShippoSettingsLink, useLiveRatesHint } from './live-rates-hint.tsx';

const ENABLED = [true, false, 'override'] as const;

/** enabled is true, false or 'override': three radios on the one value. */
function EnabledField() {
  const { t } = useTranslation('delivery');
  const id = useId();
  const { control } = useFormContext<DeliverySettings>();
  const error = useFieldError('enabled');
  return (
    <Controller
      control={control}
      name="enabled"
      render={({ field }) => (
        <FieldFrame id={id} label={t('settings.enabled')} hint={t('settings.enabledHint')} error={error} group>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {ENABLED.map((value) => (
              <label key={String(value)} className="flex items-center gap-2 text-sm text-gray-900">
                <input
                  type="radio"
                  name={field.name}
                  ref={value === true ? field.ref : undefined}
                  checked={field.value === value}
                  onChange={() => field.onChange(value)}
                  className={checkboxClass.replace('rounded', 'rounded-full')}
                />
                {t(`settings.enabledValues.${String(value)}`)}
              </label>
            ))}
          </div>
        </FieldFrame>
      )}
    />
  );
}

/** The rate names replace the rates' own names at checkout when delivery is 'override' (1 to 5). */
function RateNamesField() {
  const { t } = useTranslation('delivery');
  const enabled = useWatch<DeliverySettings, 'enabled'>({ name: 'enabled' });
  if (enabled !== 'override') return null;
  return <TagListField name="rateNames" label={t('settings.rateNames')} hint={t('settings.rateNamesHint')} />;
}

function DefaultZonesField({ zones }: { zones: ZoneAnswer[] }) {
  const { t } = useTranslation('delivery');
  const enabled = useWatch<DeliverySettings, 'defaultShipping.enabled'>({ name: 'defaultShipping.enabled' });
  if (!enabled) return null;
  if (zones.length === 0) return <p className="text-sm text-gray-600">{t('settings.noZonesYet')}</p>;
  return (
    <CheckboxGroupField
      name="defaultShipping.zones"
      label={t('settings.defaultZones')}
      options={zones.map((z) => ({ value: z.id, label: z.zoneName }))}
    />
  );
}

/**
 * PUT settings/delivery, on DeliverySettingsSchema (its rateNames rule and messages). The
 * marketplace's settings decide how the checkout offers delivery; a vendor's own count only for its
 * rate sources and pickup, when the marketplace has vendors' delivery on (docs/decisions/delivery.md).
 */
export function DeliverySettingsSection({
  values,
  zones,
  isMarketplace,
}: {
  values: DeliverySettings;
  zones: ZoneAnswer[];
  isMarketplace: boolean;
}) {
  const { t } = useTranslation('delivery');
  const liveRates = useLiveRatesHint();
  return (
    <SettingsSection
      id="delivery-settings"
      title={t('settings.title')}
      description={isMarketplace ? t('settings.description') : t('settings.vendorDescription')}
      schema={DeliverySettingsSchema}
      values={values}
      save={saveDeliverySettings}
    >
      {isMarketplace && (
        <>
          <EnabledField />
          <RateNamesField />
          <ToggleField name="enableRateNames" label={t('settings.enableRateNames')} hint={t('settings.enableRateNamesHint')} />
        </>
      )}
      <ToggleField name="enableFlatRates" label={t('settings.enableFlatRates')} hint={t('settings.enableFlatRatesHint')} />
      <ToggleField name="enableLiveRates" label={t('settings.enableLiveRates')} hint={liveRates.hint} />
      {liveRates.needsOwnAccount && <ShippoSettingsLink />}
      <ToggleField name="enableLocalPickup" label={t('settings.enableLocalPickup')} hint={t('settings.enableLocalPickupHint')} />
      {isMarketplace && (
        <>
          <ToggleField name="shippo.enabled" label={t('settings.shippo')} hint={t('settings.shippoHint')} />
          <ToggleField name="defaultShipping.enabled" label={t('settings.defaultShipping')} hint={t('settings.defaultShippingHint')} />
          <DefaultZonesField zones={zones} />
        </>
      )}
    </SettingsSection>
  );
}
