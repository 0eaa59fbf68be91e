import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LENGTH_UNITS, WEIGHT_UNITS } from '#shared/schemas/settings';
import { AlertText } from '#web/components/alert-text.tsx';
import { EditorSection } from '#web/components/editor-section.tsx';
import { LIST_MESSAGES } from './form-errors.ts';
import type { ProductFormValues } from './product-form.ts';
import { useFieldMessage } from './use-field-message.ts';
import { variantTitle } from './variant-matrix.ts';

const cellInput =
  'block rounded-md bg-white px-2 py-1.5 text-sm text-gray-900 outline-1 -outline-offset-1 outline-gray-300 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 aria-invalid:outline-orange-500';
const checkbox =
  'size-4 rounded border-gray-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

type TextCell =
  | 'price'
  | 'compareAt'
  | 'sku'
  | 'barcode'
  | 'stock'
  | 'weight'
  | 'dimensions.width'
  | 'dimensions.height'
  | 'dimensions.length';
type BoxCell = 'taxable' | 'trackStock' | 'requiresShipping' | 'localPickup';

/** Wide enough for what is typed there: a price, a SKU, a stock count, one side of a parcel. */
const WIDTHS: Record<TextCell, string> = {
  price: 'w-24',
  compareAt: 'w-24',
  sku: 'w-36',
  barcode: 'w-36',
  stock: 'w-20',
  weight: 'w-20',
  'dimensions.width': 'w-16',
  'dimensions.height': 'w-16',
  'dimensions.length': 'w-16',
};

/** The column a cell's label names ("Width" for dimensions.width). */
const columnOf = (cell: string) => cell.replace('dimensions.', '');

/** The message under a cell, tied to its input by aria-describedby; it wraps, never cut to the input's width. */
function CellError({ id, message }: { id: string; message: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 w-max max-w-48 text-xs font-medium break-words text-orange-600">
      {message}
    </p>
  );
}

/** A cell's column name shown above it; the input's own name already says it with the variant. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <div aria-hidden="true" className="mb-1 text-xs font-medium whitespace-nowrap text-gray-600">
        {label}
      </div>
      {children}
    </div>
  );
}

/**
 * One block per combination of the options' values (one without options): prices, identifiers,
 * stock, tax and shipping, weight and dimensions, local pickup. Its twelve fields wrap onto as
 * many lines as the column needs, so none is cut off and no sideways scrolling hides them, and a
 * cell's error wraps under it. Every input is labelled with the column and the variant ("Price, S / Red").
 */
export function VariantsSection({ currency }: { currency: string }) {
  const { t } = useTranslation('products');
  const { control } = useFormContext<ProductFormValues>();
  const variants = useWatch({ control, name: 'variants' });
  const messageAt = useFieldMessage();

  const textCell = (index: number, cell: TextCell, name: string, inputMode: 'decimal' | 'numeric' | 'text' = 'decimal') => {
    const path = `variants.${index}.${cell}` as const;
    const id = `variant-${index}-${cell.replace('.', '-')}`;
    const error = messageAt(path);
    return (
      <Controller
        control={control}
        name={path}
        render={({ field }) => (
          <div>
            <input
              id={id}
              ref={field.ref}
              value={String(field.value ?? '')}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              inputMode={inputMode}
              aria-label={t('editor.variants.cellLabel', { column: t(`editor.variants.columns.${columnOf(cell)}`), variant: name })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${cellInput} ${WIDTHS[cell]}`}
            />
            <CellError id={`${id}-error`} message={error} />
          </div>
        )}
      />
    );
  };

  const boxCell = (index: number, cell: BoxCell, name: string) => (
    <Controller
      control={control}
      name={`variants.${index}.${cell}`}
      render={({ field }) => (
        <label className="flex items-center gap-2 py-1.5 text-sm whitespace-nowrap text-gray-700">
          <input
            type="checkbox"
            ref={field.ref}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            aria-label={t('editor.variants.cellLabel', { column: t(`editor.variants.columns.${columnOf(cell)}`), variant: name })}
            className={checkbox}
          />
          <span aria-hidden="true">{t(`editor.variants.columns.${columnOf(cell)}`)}</span>
        </label>
      )}
    />
  );

  const unitCell = (index: number, cell: 'weightUnit' | 'dimensions.dimUnit', name: string) => (
    <Controller
      control={control}
      name={`variants.${index}.${cell}`}
      render={({ field }) => (
        <select
          ref={field.ref}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          aria-label={t('editor.variants.cellLabel', { column: t(`editor.variants.columns.${columnOf(cell)}`), variant: name })}
          className={`${cellInput} w-auto`}
        >
          {(cell === 'weightUnit' ? WEIGHT_UNITS : LENGTH_UNITS).map((unit) => (
            <option key={unit} value={unit}>
              {t(`editor.units.${unit}`)}
            </option>
          ))}
        </select>
      )}
    />
  );

  const column = (key: string) => t(`editor.variants.columns.${key}`);
  return (
    <EditorSection title={t('editor.sections.variants')} description={t('editor.variants.hint', { currency })}>
      <AlertText>{messageAt(LIST_MESSAGES.variants)}</AlertText>
      <ul className="divide-y divide-gray-100 border-y border-gray-100">
        {variants.map((variant, index) => {
          const name = variantTitle(variant) || t('editor.variants.default');
          const rowError = messageAt(`variants.${index}.options`);
          return (
            <li key={variant.options.join('\u0000') || 'single'} data-testid="variant-row" className="py-4">
              <div role="group" aria-labelledby={`variant-${index}-name`}>
                <p id={`variant-${index}-name`} className="text-sm font-semibold text-gray-900">
                  {name}
                </p>
                <CellError id={`variant-${index}-options-error`} message={rowError} />
                <div className="mt-2 flex flex-wrap items-start gap-x-4 gap-y-3">
                  <Cell label={column('price')}>{textCell(index, 'price', name)}</Cell>
                  <Cell label={column('compareAt')}>{textCell(index, 'compareAt', name)}</Cell>
                  <Cell label={column('sku')}>{textCell(index, 'sku', name, 'text')}</Cell>
                  <Cell label={column('barcode')}>{textCell(index, 'barcode', name, 'text')}</Cell>
                  <Cell label={column('stock')}>{textCell(index, 'stock', name, 'numeric')}</Cell>
                  <Cell label={column('weight')}>
                    <div className="flex gap-1">
                      {textCell(index, 'weight', name)}
                      {unitCell(index, 'weightUnit', name)}
                    </div>
                  </Cell>
                  <Cell label={column('dimensions')}>
                    <div className="flex gap-1">
                      {textCell(index, 'dimensions.width', name)}
                      {textCell(index, 'dimensions.height', name)}
                      {textCell(index, 'dimensions.length', name)}
                      {unitCell(index, 'dimensions.dimUnit', name)}
                    </div>
                  </Cell>
                </div>
                <div className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
                  {boxCell(index, 'trackStock', name)}
                  {boxCell(index, 'taxable', name)}
                  {boxCell(index, 'requiresShipping', name)}
                  {boxCell(index, 'localPickup', name)}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <ul className="list-disc space-y-1 pl-5 text-sm text-gray-600">
        <li>{t('editor.variants.emptyDropped')}</li>
        <li>{t('editor.variants.dimensionsRule')}</li>
      </ul>
    </EditorSection>
  );
}
