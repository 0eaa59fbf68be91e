import { useState } from 'react';
import { FormProvider, get, useFieldArray, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertText } from '../../components/alert-text.tsx';
import { Button } from '../../components/button.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { HttpError } from '../../api/http-error.ts';
import { useWordingValues } from '../settings/use-wording-values.ts';
import { saveCommissionLines, type CommissionLineAnswer, type CommissionSource } from './api/commission-lines.ts';
import { CommissionCell } from './commission-cell.tsx';
import { commissionResolver, emptyRow, toLines, toRows, type CommissionFormValues } from './commission-form.ts';
import { CommissionPreview } from './commission-preview.tsx';
import { useCommissionMessage } from './use-commission-message.ts';

type SaveState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'failed'; message: string };

interface Props {
  /** '' = the marketplace lines. */
  vendor: string;
  lines: CommissionLineAnswer[];
  source: CommissionSource;
}

/** The lines table of one scope, its Save, and the live preview of the lines being edited. */
export function CommissionLinesForm({ vendor, lines, source }: Props) {
  const { t } = useTranslation('commissions');
  const words = useWordingValues();
  const text = useCommissionMessage();
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [clearing, setClearing] = useState(false);
  const form = useForm<CommissionFormValues, unknown, { commissions: ReturnType<typeof toLines> }>({
    resolver: commissionResolver,
    defaultValues: { commissions: lines.length ? toRows(lines) : [emptyRow(0)] },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'commissions' });
  const rows = useWatch({ control: form.control, name: 'commissions' });
  const { isDirty, isSubmitting, errors } = form.formState;
  const listError = get(errors, 'commissions') as (FieldError & { root?: FieldError }) | undefined;
  const listMessage = text(listError?.root?.message ?? listError?.message);

  const onSubmit = form.handleSubmit(
    async ({ commissions }) => {
      setState({ kind: 'idle' });
      try {
        const answer = await saveCommissionLines(vendor, commissions);
        form.reset({ commissions: toRows(answer.commissions) });
        setState({ kind: 'saved' });
      } catch (error) {
        const fieldErrors = error instanceof HttpError ? Object.entries(error.fieldErrors) : [];
        for (const [path, message] of fieldErrors) form.setError(path as 'commissions', { type: 'server', message });
        setState({ kind: 'failed', message: fieldErrors.length ? t('fixFields') : errorMessage(error) });
      }
    },
    () => setState({ kind: 'failed', message: t('fixFields') }),
  );

  const clearOwnLines = async () => {
    setClearing(true);
    setState({ kind: 'idle' });
    try {
      const answer = await saveCommissionLines(vendor, null);
      form.reset({ commissions: toRows(answer.commissions) });
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error) });
    } finally {
      setClearing(false);
    }
  };

  const addLine = () => {
    const last = rows[rows.length - 1];
    append(emptyRow(last?.max ?? null), { shouldFocus: true });
  };

  const sourceNote = vendor
    ? source === 'vendor'
      ? t('source.vendor', { ...words, name: vendor })
      : t('source.inherited', { ...words, name: vendor })
    : source === 'default'
      ? t('source.default', words)
      : t('source.marketplace', words);

  return (
    <div className="space-y-6 lg:grid lg:grid-cols-[1fr_20rem] lg:gap-6 lg:space-y-0">
      <section aria-labelledby="lines-title" className="rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
        <FormProvider {...form}>
          <form onSubmit={onSubmit} noValidate>
            <header className="border-b border-gray-200 px-6 py-4">
              <h2 id="lines-title" className="text-base font-semibold text-gray-900">
                {vendor ? t('lines.vendorTitle', { ...words, name: vendor }) : t('lines.marketplaceTitle', words)}
              </h2>
              <p className="mt-1 text-sm text-gray-600">{sourceNote}</p>
              <p className="mt-1 text-xs text-gray-500">{t('lines.help', words)}</p>
            </header>
            <div className="overflow-x-auto px-4 py-4">
              <AlertText className="mb-3 px-2">{listMessage}</AlertText>
              <table className="min-w-full text-sm">
                <thead>
                  <tr className="text-left text-xs font-medium text-gray-600">
                    <th scope="col" className="px-1.5 pb-1">{t('lines.min')}</th>
                    <th scope="col" className="px-1.5 pb-1">{t('lines.max')}</th>
                    <th scope="col" className="px-1.5 pb-1">{t('lines.flat')}</th>
                    <th scope="col" className="px-1.5 pb-1">{t('lines.percentage')}</th>
                    <th scope="col" className="px-1.5 pb-1">{t('lines.constraintKey')}</th>
                    <th scope="col" className="px-1.5 pb-1">{t('lines.constraintValue')}</th>
                    <th scope="col" className="px-1.5 pb-1">
                      <span className="sr-only">{t('lines.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((field, index) => {
                    const n = index + 1;
                    return (
                      <tr key={field.id} className="border-t border-gray-100">
                        <CommissionCell name={`commissions.${index}.min`} label={t('lines.minOf', { n })} step="0.01" />
                        <CommissionCell name={`commissions.${index}.max`} label={t('lines.maxOf', { n })} placeholder={t('lines.open')} step="0.01" />
                        <CommissionCell name={`commissions.${index}.flat`} label={t('lines.flatOf', { n })} step="0.01" />
                        <CommissionCell name={`commissions.${index}.percentage`} label={t('lines.percentageOf', { n })} step="0.0001" />
                        <CommissionCell name={`commissions.${index}.constraint.key`} label={t('lines.constraintKeyOf', { n })} numeric={false} placeholder={t('lines.anyItem')} />
                        <CommissionCell name={`commissions.${index}.constraint.value`} label={t('lines.constraintValueOf', { n })} numeric={false} />
                        <td className="px-1.5 py-2 align-top">
                          <Button variant="secondary" onClick={() => remove(index)} disabled={fields.length === 1} aria-label={t('lines.removeOf', { n })}>
                            ×
                          </Button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <Button variant="secondary" className="mt-3 ml-1.5" onClick={addLine}>
                {t('lines.add')}
              </Button>
            </div>
            <footer className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 rounded-b-lg border-t border-gray-200 bg-gray-50 px-6 py-3">
              {state.kind === 'saved' && !isDirty && (
                <p role="status" className="text-sm font-medium text-green-800">
                  {t('saved')}
                </p>
              )}
              {state.kind === 'failed' && <AlertText>{text(state.message)}</AlertText>}
              {vendor && source === 'vendor' && (
                <Button variant="secondary" loading={clearing} onClick={() => void clearOwnLines()}>
                  {t('useMarketplaceLines')}
                </Button>
              )}
              <Button type="submit" loading={isSubmitting}>
                {t('save')}
              </Button>
            </footer>
          </form>
        </FormProvider>
      </section>
      <CommissionPreview rows={rows} />
    </div>
  );
}
