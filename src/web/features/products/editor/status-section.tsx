import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProductStatus } from '#shared/schemas/products';
import { useVendorNames } from '../../../api/vendor-names.ts';
import { describedBy, FieldShell } from '../../../components/fields/field-shell.tsx';
import { inputClass } from '../../../components/fields/input-style.ts';
import { useWordingValues } from '../../settings/use-wording-values.ts';
import { EditorSection } from './editor-section.tsx';
import type { ProductFormValues } from './product-form.ts';
import { useFieldMessage } from './use-field-message.ts';

/**
 * Draft or Active (Archived only shows for a product that is archived already: the list archives),
 * and, for an admin in the marketplace view, the product's vendor (required there).
 */
export function StatusSection({ savedStatus, chooseVendor }: { savedStatus?: ProductStatus; chooseVendor: boolean }) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const { control } = useFormContext<ProductFormValues>();
  const messageAt = useFieldMessage();
  const names = useVendorNames(chooseVendor);
  const statuses: ProductStatus[] = savedStatus === 'ARCHIVED' ? ['DRAFT', 'ACTIVE', 'ARCHIVED'] : ['DRAFT', 'ACTIVE'];
  const vendorError = messageAt('vendor');
  const statusError = messageAt('status');
  return (
    <EditorSection title={t('editor.sections.status')}>
      <Controller
        control={control}
        name="status"
        render={({ field }) => (
          <FieldShell id="product-status" label={t('editor.fields.status')} required error={statusError}>
            <select
              id="product-status"
              ref={field.ref}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value as ProductStatus)}
              onBlur={field.onBlur}
              aria-invalid={statusError ? true : undefined}
              aria-describedby={describedBy('product-status', undefined, statusError)}
              className={inputClass(Boolean(statusError))}
            >
              {statuses.map((status) => (
                <option key={status} value={status}>
                  {t(`editor.status.${status}`)}
                </option>
              ))}
            </select>
          </FieldShell>
        )}
      />
      {chooseVendor && (
        <Controller
          control={control}
          name="vendor"
          render={({ field }) => (
            <FieldShell id="product-vendor" label={t('editor.fields.vendor', words)} required error={vendorError}>
              {/* A text input with suggestions: it scales to thousands of vendors where a select would not. */}
              <input
                id="product-vendor"
                ref={field.ref}
                value={field.value}
                list="product-vendor-names"
                autoComplete="off"
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                aria-invalid={vendorError ? true : undefined}
                aria-describedby={describedBy('product-vendor', undefined, vendorError)}
                className={inputClass(Boolean(vendorError))}
              />
              <datalist id="product-vendor-names">
                {names.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </FieldShell>
          )}
        />
      )}
    </EditorSection>
  );
}
