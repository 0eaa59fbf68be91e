import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton, ExportPanel, useExportFlow } from '#web/components/exports/export-flow.tsx';
import { FilterSelect } from '#web/components/list-filters.tsx';
import { startAnnualReport } from './api/statements.ts';

/** The years offered: this one and the five before. */
const YEARS = Array.from({ length: 6 }, (_, i) => String(new Date().getFullYear() - i));

/** An admin's yearly seller report: per vendor its sales, refunds, fees and payouts with its tax details, as a CSV made in the background. */
export function AnnualReportCard({ followId, onDismiss }: { followId: string | null; onDismiss: () => void }) {
  const { t } = useTranslation('finance');
  // The year just ended is what a tax report is usually for.
  const [year, setYear] = useState(YEARS[1]);
  const flow = useExportFlow({ kind: 'annual-report', start: startAnnualReport, followId, onDismiss });
  return (
    <section aria-labelledby="annual-report-title" className="space-y-3 rounded-lg bg-white px-4 py-5 shadow-xs ring-1 ring-gray-900/5">
      <h2 id="annual-report-title" className="text-base font-semibold text-gray-900">
        {t('annualReport.title')}
      </h2>
      <p className="text-sm text-gray-600">{t('annualReport.description')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          id="annual-report-year"
          label={t('annualReport.year')}
          value={year}
          options={YEARS.map((y) => ({ value: y, label: y }))}
          onChange={setYear}
        />
        <ExportButton flow={flow} query={{ year: Number(year) }} />
      </div>
      <ExportPanel flow={flow} words={{ item: t('annualReport.item'), items: t('annualReport.items') }} />
    </section>
  );
}
