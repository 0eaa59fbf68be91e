import { useMemo } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isFieldShown, parseDescription } from '#shared/metafield-properties';
import { EditorSection } from '#web/components/editor-section.tsx';
import { MetafieldInput } from './metafield-input.tsx';
import { metafieldValuesByKey, type EditorDefinition, type ProductFormValues } from './product-form.ts';
import { useFieldMessage } from './use-field-message.ts';

/**
 * The store's product metafields, each by its type. show/showWhen are evaluated on the current
 * answers as they change (isFieldShown, the rule the server applies); required ones carry no
 * "(optional)" mark, and a hidden field is never required.
 */
export function MetafieldsSection({
  definitions,
  onBusyChange,
}: {
  definitions: readonly EditorDefinition[];
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation('products');
  const { control } = useFormContext<ProductFormValues>();
  const values = useWatch({ control, name: 'metafields' });
  const messageAt = useFieldMessage();
  const parsed = useMemo(() => definitions.map((d) => parseDescription(d.description)), [definitions]);
  const byKey = metafieldValuesByKey(definitions, values);
  return (
    <EditorSection title={t('editor.sections.metafields')}>
      {definitions.map((definition, index) => {
        const { text, properties } = parsed[index];
        if (!isFieldShown(properties, byKey)) return null;
        return (
          <Controller
            key={definition.key}
            control={control}
            name={`metafields.${index}`}
            render={({ field }) => (
              <MetafieldInput
                definition={definition}
                description={text}
                required={Boolean(definition.required || properties.required)}
                id={`product-metafield-${index}`}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={messageAt(`metafields.${index}`)}
                onBusyChange={onBusyChange}
              />
            )}
          />
        );
      })}
    </EditorSection>
  );
}
