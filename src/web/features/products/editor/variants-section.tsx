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
const checkbox = 'size-4 rounded border-gray-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

type TextCell = 'price' | 'compareAt' | 'sku' | 'barcode' | 'stock' | 'weight' | 'dimensions.width' | 'dimensions.height' | 'dimensions.length';
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

/** The message under a cell, tied to its input by aria-describedby. */
function CellError({ id, message }: { id: string; message: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs font-medium text-orange-600">
      {message}
    </p>
  );
}

/**
 * One row per combination of the options' values (one row without options): prices, identifiers,
 * stock, tax and shipping, weight and dimensions, local pickup. Every input is labelled with the
 * column and the variant ("Price, S / Red").
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
        <input
          type="checkbox"
          ref={field.ref}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          aria-label={t('editor.variants.cellLabel', { column: t(`editor.variants.columns.${columnOf(cell)}`), variant: name })}
          className={checkbox}
        />
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

  const header = 'px-2 py-2 text-left text-xs font-semibold whitespace-nowrap text-gray-700';
  return (
    <EditorSection title={t('editor.sections.variants')} description={t('editor.variants.hint', { currency })}>
      <AlertText>{messageAt(LIST_MESSAGES.variants)}</AlertText>
      <div className="-mx-6 scroll-box px-6">
        <table className="min-w-full divide-y divide-gray-200">
          <thead>
            <tr>
              <th scope="col" className={header}>{t('editor.variants.columns.variant')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.price')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.compareAt')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.sku')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.barcode')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.trackStock')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.stock')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.taxable')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.requiresShipping')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.weight')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.dimensions')}</th>
              <th scope="col" className={header}>{t('editor.variants.columns.localPickup')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {variants.map((variant, index) => {
              const name = variantTitle(variant) || t('editor.variants.default');
              const rowError = messageAt(`variants.${index}.options`);
              return (
                <tr key={variant.options.join('\u0000') || 'single'} className="align-top">
                  <th scope="row" className="px-2 py-3.5 text-left text-sm font-medium whitespace-nowrap text-gray-900">
                    {name}
                    <CellError id={`variant-${index}-options-error`} message={rowError} />
                  </th>
                  <td className="px-2 py-2">{textCell(index, 'price', name)}</td>
                  <td className="px-2 py-2">{textCell(index, 'compareAt', name)}</td>
                  <td className="px-2 py-2">{textCell(index, 'sku', name, 'text')}</td>
                  <td className="px-2 py-2">{textCell(index, 'barcode', name, 'text')}</td>
                  <td className="px-2 py-3 text-center">{boxCell(index, 'trackStock', name)}</td>
                  <td className="px-2 py-2">{textCell(index, 'stock', name, 'numeric')}</td>
                  <td className="px-2 py-3 text-center">{boxCell(index, 'taxable', name)}</td>
                  <td className="px-2 py-3 text-center">{boxCell(index, 'requiresShipping', name)}</td>
                  <td className="px-2 py-2">
                    <div className="flex gap-1">
                      {textCell(index, 'weight', name)}
                      {unitCell(index, 'weightUnit', name)}
                    </div>
                  </td>
                  <td className="px-2 py-2">
                    <div className="flex gap-1">
                      {textCell(index, 'dimensions.width', name)}
                      {textCell(index, 'dimensions.height', name)}
                      {textCell(index, 'dimensions.length', name)}
                      {unitCell(index, 'dimensions.dimUnit', name)}
                    </div>
                  </td>
                  <td className="px-2 py-3 text-center">{boxCell(index, 'localPickup', name)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm text-gray-600">
        <li>{t('editor.variants.emptyDropped')}</li>
        <li>{t('editor.variants.dimensionsRule')}</li>
      </ul>
    </EditorSection>
  );
}
