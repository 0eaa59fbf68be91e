import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProductStatus } from '#shared/schemas/products';
import { useVendorNames } from '#web/api/vendor-names.ts';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { inputClass } from '#web/components/form/input-style.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { EditorSection } from '#web/components/editor-section.tsx';
import type { ProductFormValues } from './product-form.ts';
import { useEditorText } from './use-editor-text.ts';

/**
 * Draft or Active (Archived only shows for a product that is archived already: the list archives),
 * and, for an admin in the marketplace view, the product's vendor (required there).
 */
export function StatusSection({ savedStatus, chooseVendor }: { savedStatus?: ProductStatus; chooseVendor: boolean }) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const { control } = useFormContext<ProductFormValues>();
  const text = useEditorText();
  const names = useVendorNames(chooseVendor);
  const statuses: ProductStatus[] = savedStatus === 'ARCHIVED' ? ['DRAFT', 'ACTIVE', 'ARCHIVED'] : ['DRAFT', 'ACTIVE'];
  return (
    <EditorSection title={t('editor.sections.status')}>
      <ControlledField control={control} name="status" id="product-status" label={t('editor.fields.status')} required errorText={text}>
        {({ id, value, onChange, onBlur, inputRef, invalid, describedBy }) => (
          <select
            id={id}
            ref={inputRef}
            value={value}
            onChange={(event) => onChange(event.target.value as ProductStatus)}
            onBlur={onBlur}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={inputClass(invalid)}
          >
            {statuses.map((status) => (
              <option key={status} value={status}>
                {t(`editor.status.${status}`)}
              </option>
            ))}
          </select>
        )}
      </ControlledField>
      {chooseVendor && (
        <ControlledField
          control={control}
          name="vendor"
          id="product-vendor"
          label={t('editor.fields.vendor', words)}
          required
          errorText={text}
        >
          {({ id, value, onChange, onBlur, inputRef, invalid, describedBy }) => (
            <>
              {/* A text input with suggestions: it scales to thousands of vendors where a select would not. */}
              <input
                id={id}
                ref={inputRef}
                value={value}
                list="product-vendor-names"
                autoComplete="off"
                onChange={(event) => onChange(event.target.value)}
                onBlur={onBlur}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className={inputClass(invalid)}
              />
              <datalist id="product-vendor-names">
                {names.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </ControlledField>
      )}
    </EditorSection>
  );
}
