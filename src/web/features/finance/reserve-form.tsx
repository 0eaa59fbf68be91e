import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LabelledInput } from '#web/components/form/labelled-input.tsx';
import { VendorFilter } from '#web/components/list-filters.tsx';
import { showToast } from '#web/components/toast.tsx';
import { saveReserve, useReserve } from './api/reserve.ts';

/** An admin's reserve for a risky vendor: a percentage of each order held a number of days after its payable date. */
export function ReserveForm() {
  const { t } = useTranslation('finance');
  const [vendor, setVendor] = useState('');
  const { data } = useReserve(vendor);
  const [percentage, setPercentage] = useState('0');
  const [days, setDays] = useState('0');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The stored reserve fills the fields when it loads or changes, not on every render.
  const storedPercentage = data?.percentage;
  const storedDays = data?.days;
  useEffect(() => {
    if (storedPercentage === undefined || storedDays === undefined) return;
    setPercentage(String(storedPercentage));
    setDays(String(storedDays));
  }, [vendor, storedPercentage, storedDays]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await saveReserve({ vendor, percentage: Number(percentage), days: Number(days) });
      showToast('success', t('reserve.saved'));
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="reserve-title" className="space-y-3 rounded-lg bg-white px-4 py-5 shadow-xs ring-1 ring-gray-900/5">
      <h2 id="reserve-title" className="text-base font-semibold text-gray-900">
        {t('reserve.title')}
      </h2>
      <p className="text-sm text-gray-600">{t('reserve.description')}</p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(event) => void submit(event)}>
        <VendorFilter
          id="reserve-vendor"
          label={t('filters.vendor')}
          allLabel={t('statements.chooseVendor')}
          value={vendor}
          onChange={setVendor}
        />
        <LabelledInput
          label={t('reserve.percentage')}
          type="number"
          min={0}
          max={100}
          step="any"
          value={percentage}
          onChange={(event) => setPercentage(event.target.value)}
          disabled={!data}
        />
        <LabelledInput
          label={t('reserve.days')}
          type="number"
          min={0}
          step={1}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          disabled={!data}
        />
        <Button type="submit" loading={saving} disabled={!data}>
          {t('reserve.save')}
        </Button>
      </form>
      {data?.since && <p className="text-sm text-gray-600">{t('reserve.since', { date: data.since.slice(0, 10) })}</p>}
      {failure ? <AlertText>{errorMessage(failure)}</AlertText> : null}
    </section>
  );
}
