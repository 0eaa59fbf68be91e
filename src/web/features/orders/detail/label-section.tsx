import { useId, useState } from 'react';
import { Link } from 'react-router';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ParcelSchema, type Parcel } from '#shared/schemas/shipping';
import { DISTANCE_UNITS, MASS_UNITS } from '#shared/schemas/vendor-settings';
import { formatAmount } from '#shared/money';
import { downloadFile } from '#web/api/download-file.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { saveBlob } from '#web/components/save-blob.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { showToast } from '#web/components/toast.tsx';
import type { OrderDetail } from '../api/order-detail.ts';
import {
  buyLabel,
  quoteRates,
  useOrderShipping,
  voidLabel,
  type Label,
  type OrderShippingAnswer,
  type Rate,
} from '../api/shipping-labels.ts';
import { OrderField } from '../order-field.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { EditorSection } from '#web/components/editor-section.tsx';
import { textLinkClass } from '#web/components/link-styles.ts';
import { controlClass } from '#web/components/form/input-style.ts';
import { openLines } from './fulfil-form.ts';

const resolver = zodResolver(ParcelSchema);

/**
 * "Buy a label": the parcel (from the default package), rates cheapest first, a confirmed purchase,
 * then the label to print, its tracking link, and a void while it is unused.
 */
export function LabelSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const { data, error, mutate } = useOrderShipping(order.id);
  if (error && !data) {
    return (
      <EditorSection title={t('detail.label.title')}>
        <AlertText>{errorMessage(error)}</AlertText>
        <Button variant="secondary" onClick={() => void mutate()}>
          {t('retry')}
        </Button>
      </EditorSection>
    );
  }
  if (!data) return <LoadingBlock />;
  const active = data.labels.find((l) => l.status !== 'voided');
  const canShip = order.fulfillment !== 'cancelled' && openLines(order).length > 0;
  if (!active && !canShip) return null;
  return (
    <EditorSection title={t('detail.label.title')}>
      {active ? (
        <ActiveLabel order={order} label={active} />
      ) : !data.canBuyLabels ? (
        data.canConnectShippo ? (
          <SettingsHint text={t('detail.label.noKey')} anchor="shippo" link={t('detail.label.connectShippo')} />
        ) : (
          <p className="text-sm text-gray-600">{t('detail.label.noMarketplaceKey')}</p>
        )
      ) : !data.from ? (
        <SettingsHint text={t('detail.label.noShipFrom')} anchor="ship-from" link={t('detail.label.setShipFrom')} />
      ) : !data.to ? (
        <p className="text-sm text-gray-600">{t('detail.label.noRecipient')}</p>
      ) : (
        <BuyLabelForm order={order} shipping={data} />
      )}
    </EditorSection>
  );
}

/** What is missing, with a link to the settings section where it is set. */
function SettingsHint({ text, anchor, link }: { text: string; anchor: string; link: string }) {
  return (
    <p className="text-sm text-gray-600">
      {text}{' '}
      <Link to={`/settings/page#${anchor}`} className={textLinkClass}>
        {link}
      </Link>
    </p>
  );
}

function ActiveLabel({ order, label }: { order: OrderDetail; label: Label }) {
  const { t, i18n } = useTranslation('orders');
  const text = useMessageText('orders');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const print = async () => {
    setFailure(null);
    try {
      const { blob, filename } = await downloadFile(label.fileUrl, 'label.pdf');
      saveBlob(blob, filename);
    } catch (error) {
      setFailure(error);
    }
  };
  return (
    <div data-testid="label" className="space-y-3 text-sm">
      <p className="font-medium text-gray-900">
        {label.carrier} · {label.service} · {formatAmount(label.amount, label.currency, i18n.language)}
      </p>
      <p className="text-gray-700">
        {t('detail.label.tracking')}: <span data-testid="label-tracking">{label.trackingNumber}</span>
      </p>
      {label.status === 'void_pending' && <p className="text-amber-800">{t('detail.label.voidPending')}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void print()}>
          {t('detail.label.print')}
        </Button>
        {label.trackingUrl && (
          <a href={label.trackingUrl} target="_blank" rel="noopener noreferrer" className={textLinkClass}>
            {t('detail.shipments.track')}
          </a>
        )}
        {label.status === 'purchased' && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t('detail.label.void')}
          </Button>
        )}
      </div>
      {failure ? <AlertText>{errorMessage(failure)}</AlertText> : null}
      <ConfirmDialog
        open={confirming}
        title={t('detail.label.voidTitle')}
        confirmLabel={t('detail.label.void')}
        messageText={text}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await voidLabel(order.id, label.id);
          showToast('success', t('detail.label.voided'));
        }}
      >
        {t('detail.label.voidText', { amount: formatAmount(label.amount, label.currency, i18n.language) })}
      </ConfirmDialog>
    </div>
  );
}

function BuyLabelForm({ order, shipping }: { order: OrderDetail; shipping: OrderShippingAnswer }) {
  const { t, i18n } = useTranslation('orders');
  const text = useMessageText('orders');
  const form = useForm<Parcel>({ resolver, defaultValues: shipping.parcel });
  const [rates, setRates] = useState<Rate[] | null>(null);
  const [messages, setMessages] = useState<string[]>([]);
  const [chosen, setChosen] = useState<Rate | null>(null);
  const [failure, setFailure] = useState('');
  const groupId = useId();

  const getRates = form.handleSubmit(async (parcel) => {
    setFailure('');
    setRates(null);
    try {
      const answer = await quoteRates(order.id, { from: shipping.from!, to: shipping.to!, parcels: [parcel] });
      setRates(answer.rates);
      setMessages(answer.messages.map((m) => m.text));
    } catch (error) {
      setFailure(text(errorMessage(error)));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void getRates(event)} className="space-y-4" noValidate>
        <p className="text-sm text-gray-600">
          {t('detail.label.intro', { from: shipping.from!.city, to: [shipping.to!.city, shipping.to!.country].join(', ') })}
        </p>
        <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <legend className="sr-only">{t('detail.label.parcel')}</legend>
          <OrderField name="length" numeric step="any" min={0} label={t('detail.label.length')} />
          <OrderField name="width" numeric step="any" min={0} label={t('detail.label.width')} />
          <OrderField name="height" numeric step="any" min={0} label={t('detail.label.height')} />
          <UnitSelect name="distanceUnit" label={t('detail.label.distanceUnit')} units={DISTANCE_UNITS} />
          <OrderField name="weight" numeric step="any" min={0} label={t('detail.label.weight')} />
          <UnitSelect name="massUnit" label={t('detail.label.massUnit')} units={MASS_UNITS} />
        </fieldset>
        <Button type="submit" variant="secondary" loading={form.formState.isSubmitting}>
          {t('detail.label.getRates')}
        </Button>
      </form>
      <AlertText>{failure}</AlertText>
      {rates && rates.length === 0 && <p className="mt-3 text-sm text-gray-600">{t('detail.label.noRates')}</p>}
      {rates && rates.length > 0 && (
        <fieldset className="mt-4">
          <legend id={groupId} className="text-sm font-medium text-gray-900">
            {t('detail.label.rates')}
          </legend>
          <ul className="mt-2 divide-y divide-gray-100 rounded-md ring-1 ring-gray-200" data-testid="rates">
            {rates.map((rate) => (
              <li key={rate.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>
                  <span className="font-medium text-gray-900">
                    {rate.carrier} · {rate.service}
                  </span>
                  <span className="block text-gray-600">
                    {rate.estimatedDays === null ? t('detail.label.daysUnknown') : t('detail.label.days', { count: rate.estimatedDays })}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <span className="font-medium tabular-nums">{formatAmount(rate.amount, rate.currency, i18n.language)}</span>
                  <Button variant="primary" onClick={() => setChosen(rate)}>
                    {t('detail.label.buy')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
          {messages.length > 0 && (
            <ul className="mt-2 text-xs text-gray-500">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </fieldset>
      )}
      <ConfirmDialog
        open={chosen !== null}
        destructive={false}
        title={t('detail.label.buyTitle')}
        confirmLabel={t('detail.label.buy')}
        messageText={text}
        onClose={() => setChosen(null)}
        onConfirm={async () => {
          if (!chosen) return;
          await buyLabel(order.id, chosen.id);
          showToast('success', t('detail.label.bought'));
        }}
      >
        {chosen &&
          t('detail.label.buyText', {
            carrier: chosen.carrier,
            service: chosen.service,
            amount: formatAmount(chosen.amount, chosen.currency, i18n.language),
          })}
      </ConfirmDialog>
    </FormProvider>
  );
}

function UnitSelect({ name, label, units }: { name: 'distanceUnit' | 'massUnit'; label: string; units: readonly string[] }) {
  const id = useId();
  const { register } = useFormContext<Parcel>();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <select id={id} className={`mt-1.5 ${controlClass}`} {...register(name)}>
        {units.map((unit) => (
          <option key={unit} value={unit}>
            {unit}
          </option>
        ))}
      </select>
    </div>
  );
}
