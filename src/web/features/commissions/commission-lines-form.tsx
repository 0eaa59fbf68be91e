import { useState } from 'react';
import { get, useFieldArray, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { FormCard } from '#web/components/form/form-card.tsx';
import { RowsTable } from '#web/components/rows-table.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { saveCommissionLines, type CommissionLineAnswer, type CommissionSource } from './api/commission-lines.ts';
import { CommissionCell } from './commission-cell.tsx';
import { commissionResolver, emptyRow, toLines, toRows, type CommissionFormValues } from './commission-form.ts';
import { CommissionPreview } from './commission-preview.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { COMMISSION_MESSAGES } from './commission-messages.ts';

interface Props {
  /** '' = the marketplace lines. */
  vendor: string;
  lines: CommissionLineAnswer[];
  /** The store's currency, the lines' amounts'. */
  currency: string;
  source: CommissionSource;
}

/** The lines table of one scope, its Save, and the live preview of the lines being edited. */
export function CommissionLinesForm({ vendor, lines, currency, source }: Props) {
  const { t } = useTranslation('commissions');
  const words = useWordingValues();
  const text = useMessageText('commissions', COMMISSION_MESSAGES);
  const [clearing, setClearing] = useState(false);
  const form = useForm<CommissionFormValues, unknown, { commissions: ReturnType<typeof toLines> }>({
    resolver: commissionResolver,
    defaultValues: { commissions: lines.length ? toRows(lines) : [emptyRow('0')] },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'commissions' });
  const rows = useWatch({ control: form.control, name: 'commissions' });
  const { isDirty, errors } = form.formState;
  const listError = get(errors, 'commissions') as (FieldError & { root?: FieldError }) | undefined;
  const listMessage = text(listError?.root?.message ?? listError?.message);

  const showStored = (answer: { commissions: CommissionLineAnswer[] }) => form.reset({ commissions: toRows(answer.commissions) });
  const submit = useFormSave(form, {
    save: ({ commissions }) => saveCommissionLines(vendor, commissions),
    onSaved: showStored,
    savedText: t('linesSaved'),
    fixFields: t('fixFields'),
    messageText: text,
  });

  const clearOwnLines = async () => {
    setClearing(true);
    submit.setState({ kind: 'idle' });
    try {
      showStored(await saveCommissionLines(vendor, null));
      submit.setState({ kind: 'saved' });
    } catch (error) {
      submit.setState({ kind: 'failed', message: errorMessage(error), hasFieldErrors: false });
    } finally {
      setClearing(false);
    }
  };

  const addLine = () => {
    const last = rows[rows.length - 1];
    append(emptyRow(last?.max ?? ''), { shouldFocus: true });
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
      <FormCard
        form={form}
        submit={submit}
        titleId="lines-title"
        title={vendor ? t('lines.vendorTitle', { ...words, name: vendor }) : t('lines.marketplaceTitle', words)}
        intro={
          <>
            <p className="mt-1 text-sm text-gray-600">{sourceNote}</p>
            <p className="mt-1 text-xs text-gray-500">{t('lines.help', words)}</p>
          </>
        }
        status={
          submit.state.kind === 'saved' &&
          !isDirty && (
            <p role="status" className="text-sm font-medium text-green-800">
              {t('saved')}
            </p>
          )
        }
        actions={
          vendor &&
          source === 'vendor' && (
            <Button variant="secondary" loading={clearing} onClick={() => void clearOwnLines()}>
              {t('useMarketplaceLines')}
            </Button>
          )
        }
        saveLabel={t('save')}
      >
        <div className="scroll-box px-4 py-4">
          <AlertText className="mb-3 px-2">{listMessage}</AlertText>
          <RowsTable
            className="min-w-full text-sm"
            headerClassName="px-1.5 pb-1"
            columns={[
              t('lines.min', { currency }),
              t('lines.max', { currency }),
              t('lines.flat', { currency }),
              t('lines.percentage'),
              t('lines.constraintKey'),
              t('lines.constraintValue'),
            ]}
            actionsLabel={t('lines.actions')}
            rows={fields}
            onRemove={remove}
            keepsOne
            removeLabel={(n) => t('lines.removeOf', { n })}
            cells={(index, n) => (
              <>
                <CommissionCell name={`commissions.${index}.min`} label={t('lines.minOf', { n })} kind="amount" />
                <CommissionCell
                  name={`commissions.${index}.max`}
                  label={t('lines.maxOf', { n })}
                  placeholder={t('lines.open')}
                  kind="amount"
                />
                <CommissionCell name={`commissions.${index}.flat`} label={t('lines.flatOf', { n })} kind="amount" />
                <CommissionCell name={`commissions.${index}.percentage`} label={t('lines.percentageOf', { n })} kind="percentage" />
                <CommissionCell
                  name={`commissions.${index}.constraint.key`}
                  label={t('lines.constraintKeyOf', { n })}
                  kind="text"
                  placeholder={t('lines.anyItem')}
                />
                <CommissionCell name={`commissions.${index}.constraint.value`} label={t('lines.constraintValueOf', { n })} kind="text" />
              </>
            )}
          />
          <Button variant="secondary" className="mt-3 ml-1.5" onClick={addLine}>
            {t('lines.add')}
          </Button>
        </div>
      </FormCard>
      <CommissionPreview rows={rows} currency={currency} />
    </div>
  );
}
