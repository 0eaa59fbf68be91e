import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useVendorNames } from '#web/api/vendor-names.ts';
import { controlClass } from '#web/components/form/input-style.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { useCommissionLines } from './api/commission-lines.ts';
import { CommissionLinesForm } from './commission-lines-form.tsx';

/** Which lines are edited: the marketplace's (empty) or one vendor's; kept in the address (?vendor=) so a reload stays. */
function ScopePicker({ vendor, onChange }: { vendor: string; onChange: (vendor: string) => void }) {
  const { t } = useTranslation('commissions');
  const words = useWordingValues();
  const names = useVendorNames(true);
  const id = useId();
  const [typed, setTyped] = useState(vendor);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(typed.trim());
  };
  if (names.length === 0) {
    return (
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-gray-900">
            {t('scope.label', words)}
          </label>
          <input
            id={id}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('scope.marketplace')}
            className={`${controlClass} mt-1.5 w-64`}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('scope.open')}
        </Button>
      </form>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">
        {t('scope.label', words)}
      </label>
      <select id={id} value={vendor} onChange={(e) => onChange(e.target.value)} className={`${controlClass} mt-1.5 w-64`}>
        <option value="">{t('scope.marketplace')}</option>
        {(names.includes(vendor) || !vendor ? names : [vendor, ...names]).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /app/commissions: the marketplace's default lines and each vendor's own. */
export function CommissionsPage() {
  const { t } = useTranslation('commissions');
  const words = useWordingValues();
  const title = t('title', words);
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const vendor = params.get('vendor') ?? '';
  const { data, error, isLoading, mutate } = useCommissionLines(vendor);
  const changeScope = (next: string) => setParams(next ? { vendor: next } : {});
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
        <ScopePicker key={vendor} vendor={vendor} onChange={changeScope} />
      </div>
      {isLoading && <LoadingBlock />}
      {error && !data && <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} />}
      {data && <CommissionLinesForm key={vendor} vendor={vendor} lines={data.commissions} currency={data.currency} source={data.source} />}
    </div>
  );
}
