import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '#shared/delivery-markets';
import type { DeliveryOptionAnswer } from '#shared/schemas/delivery';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { checkboxClass, controlClass } from '#web/components/form/input-style.ts';
import { useMessageText } from '#web/components/form/message-text.ts';
import { useMoney } from '#web/components/use-money.ts';
import { previewDeliveryOptions } from './api/delivery-zones.ts';

/**
 * "What a buyer sees": the options and prices the checkout offers for a cart of the scope's
 * products, from the saved zones and settings (live rates need a buyer's whole address: not here).
 */
export function DeliveryPreview({ markets }: { markets: Market[] }) {
  const { t } = useTranslation('delivery');
  const messageText = useMessageText('delivery');
  const money = useMoney();
  const id = useId();
  const [cart, setCart] = useState({ country: '', province: '', totalWeight: '1', totalPrice: '20', localPickup: false });
  const [answer, setAnswer] = useState<{ currency: string; options: DeliveryOptionAnswer[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const provinces = markets.find((m) => m.code === cart.country)?.provinces ?? [];
  const change = (patch: Partial<typeof cart>) => {
    setCart((c) => ({ ...c, ...patch }));
    setAnswer(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // The cart total goes as typed: the API's amount text, in the store's currency.
      setAnswer(await previewDeliveryOptions({ ...cart, totalWeight: Number(cart.totalWeight), totalPrice: cart.totalPrice.trim() }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-900/5">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
          {t('preview.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('preview.description')}</p>
      </div>
      <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <label className="text-sm text-gray-900">
          {t('preview.country')}
          <select
            required
            className={controlClass}
            value={cart.country}
            onChange={(e) => change({ country: e.target.value, province: '' })}
          >
            <option value="">{t('preview.chooseCountry')}</option>
            {markets.map((m) => (
              <option key={m.code} value={m.code}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        {provinces.length > 0 && (
          <label className="text-sm text-gray-900">
            {t('preview.province')}
            <select className={controlClass} value={cart.province} onChange={(e) => change({ province: e.target.value })}>
              <option value="">{t('preview.anyProvince')}</option>
              {provinces.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="text-sm text-gray-900">
          {t('preview.weight')}
          <input
            required
            type="number"
            min="0"
            step="any"
            inputMode="decimal"
            className={controlClass}
            value={cart.totalWeight}
            onChange={(e) => change({ totalWeight: e.target.value })}
          />
        </label>
        <label className="text-sm text-gray-900">
          {t('preview.price')}
          <input
            required
            type="text"
            inputMode="decimal"
            className={controlClass}
            value={cart.totalPrice}
            onChange={(e) => change({ totalPrice: e.target.value })}
          />
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-gray-900">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={cart.localPickup}
            onChange={(e) => change({ localPickup: e.target.checked })}
          />
          {t('preview.localPickup')}
        </label>
        <div className="self-end">
          <Button type="submit" disabled={busy}>
            {busy ? t('preview.showing') : t('preview.show')}
          </Button>
        </div>
      </form>
      {error && <AlertText>{messageText(error)}</AlertText>}
      <div aria-live="polite">
        {answer &&
          (answer.options.length === 0 ? (
            <p className="text-sm text-gray-600">{t('preview.none')}</p>
          ) : (
            <ul className="divide-y divide-gray-200 text-sm">
              {answer.options.map((o) => (
                <li key={o.id} className="flex justify-between gap-4 py-2">
                  <span className="text-gray-900">
                    {o.kind === 'pickup' ? t('preview.pickupOption') : o.id === 'shipping' ? t('preview.shippingOption') : o.name}
                  </span>
                  <span className="tabular-nums text-gray-900">{money(o.price, answer.currency)}</span>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}
