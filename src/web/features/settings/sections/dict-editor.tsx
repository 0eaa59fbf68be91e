import { useId, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button.tsx';
import { LANGUAGES } from '#web/i18n/index.ts';
import { controlClass } from '#web/components/form/input-style.ts';
import { dictOf, rowsOf, sameDict, type Dict, type DictRow } from './dict-rows.ts';

/** The translations dict (language of the screens → text key → the admin's text) as an editable table, one row per text. */
export function DictEditor({ name }: { name: string }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <DictTable value={(field.value as Dict | undefined) ?? {}} onChange={field.onChange} locales={LANGUAGES} />}
    />
  );
}

function DictTable({ value, onChange, locales }: { value: Dict; onChange: (dict: Dict) => void; locales: readonly string[] }) {
  const { t } = useTranslation('settings');
  const id = useId();
  // Rows being typed are not in the dict yet, so the table keeps its own rows; a dict that
  // changes from outside (the saved answer, a reset) replaces them.
  const [rows, setRows] = useState<DictRow[]>(() => rowsOf(value));
  if (!sameDict(dictOf(rows), value)) setRows(rowsOf(value));

  const update = (next: DictRow[]) => {
    setRows(next);
    onChange(dictOf(next));
  };
  const change = (index: number, patch: Partial<DictRow>) => update(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const choices = [...new Set([...locales, ...rows.map((row) => row.locale).filter(Boolean)])];

  return (
    <div>
      <h4 id={`${id}-title`} className="text-sm font-semibold text-gray-900">
        {t('translations.dict')}
      </h4>
      <p className="mt-1 text-xs text-gray-500">{t('translations.dictHint')}</p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t('translations.noTexts')}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm" aria-labelledby={`${id}-title`}>
          <thead>
            <tr className="text-gray-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('translations.locale')}
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('translations.key')}
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('translations.value')}
              </th>
              <th scope="col" className="sr-only">
                {t('translations.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} className="align-top">
                <td className="py-1 pr-2">
                  <select
                    aria-label={t('translations.locale')}
                    value={row.locale}
                    onChange={(event) => change(index, { locale: event.target.value })}
                    className={controlClass}
                  >
                    <option value="">-</option>
                    {choices.map((locale) => (
                      <option key={locale} value={locale}>
                        {locale}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="py-1 pr-2">
                  <input
                    aria-label={t('translations.key')}
                    value={row.key}
                    onChange={(event) => change(index, { key: event.target.value })}
                    className={controlClass}
                    spellCheck={false}
                  />
                </td>
                <td className="py-1 pr-2">
                  <input
                    aria-label={t('translations.value')}
                    value={row.value}
                    onChange={(event) => change(index, { value: event.target.value })}
                    className={controlClass}
                  />
                </td>
                <td className="py-1">
                  <Button
                    variant="secondary"
                    onClick={() => update(rows.filter((_, i) => i !== index))}
                    aria-label={t('translations.removeRow', { key: row.key || '-' })}
                  >
                    ×
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Button variant="secondary" className="mt-3" onClick={() => setRows([...rows, { locale: choices[0] ?? '', key: '', value: '' }])}>
        {t('translations.addRow')}
      </Button>
    </div>
  );
}
