import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { saveBlob } from '#web/components/save-blob.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { templateColumns, templateCsv } from './template-csv.ts';

/** Our columns (the vendor one for admins only) and a template made in the browser. */
export function ImportHelp({ withVendor }: { withVendor: boolean }) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const downloadTemplate = () =>
    saveBlob(new Blob([templateCsv(withVendor)], { type: 'text/csv;charset=utf-8' }), 'product-import-template.csv');
  return (
    <aside
      aria-labelledby="import-help-title"
      className="space-y-3 rounded-lg bg-white px-5 py-4 text-sm text-gray-700 shadow-sm ring-1 ring-gray-900/5"
    >
      <h2 id="import-help-title" className="text-base font-semibold text-gray-900">
        {t('import.help.title')}
      </h2>
      <p>{t('import.help.intro', words)}</p>
      <dl className="space-y-1.5">
        {templateColumns(withVendor).map((column) => {
          const key = column.replace(/\d/, 'N').replace(' ', '_');
          return (
            <div key={column}>
              <dt className="inline font-mono text-xs font-semibold text-gray-900">{column}</dt>
              <dd className="inline text-gray-600"> — {t(`import.help.columns.${key}`, { ...words, n: column.match(/\d/)?.[0] ?? '' })}</dd>
            </div>
          );
        })}
      </dl>
      <p>{t('import.help.required')}</p>
      <p>{t('import.help.platform')}</p>
      <Button variant="secondary" onClick={downloadTemplate}>
        {t('import.help.template')}
      </Button>
    </aside>
  );
}
