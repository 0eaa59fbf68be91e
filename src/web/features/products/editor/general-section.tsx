import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { descriptionText } from '#shared/schemas/products';
import type { InputLimit } from '#shared/schemas/settings';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { RichTextInput } from '#web/components/form/rich-text-input.tsx';
import { TextInput } from '#web/components/form/text-input.tsx';
import { Counter, withCounter } from './counter.tsx';
import { EditorSection } from '#web/components/editor-section.tsx';
import type { ProductFormValues } from './product-form.ts';
import { useEditorText } from './use-editor-text.ts';

/** Title and description (the rich text input, sanitised), each with the store's length limits as a counter. */
export function GeneralSection({ limit }: { limit: InputLimit }) {
  const { t } = useTranslation('products');
  const { control } = useFormContext<ProductFormValues>();
  const text = useEditorText();
  const [title, bodyHtml] = useWatch({ control, name: ['title', 'bodyHtml'] });
  return (
    <EditorSection title={t('editor.sections.general')}>
      <ControlledField control={control} name="title" id="product-title" label={t('editor.fields.title')} required errorText={text}>
        {(props) => (
          <>
            <TextInput {...props} describedBy={withCounter(props.describedBy, 'product-title-counter')} />
            <Counter id="product-title-counter" count={title.trim().length} min={limit.title.min} max={limit.title.max} unit="characters" />
          </>
        )}
      </ControlledField>
      <ControlledField
        control={control}
        name="bodyHtml"
        id="product-description"
        label={t('editor.fields.description')}
        required={limit.description.min > 0}
        errorText={text}
      >
        {(props) => (
          <>
            <RichTextInput {...props} describedBy={withCounter(props.describedBy, 'product-description-counter')} />
            <Counter
              id="product-description-counter"
              count={descriptionText(bodyHtml).length}
              min={limit.description.min}
              max={limit.description.max}
              unit="characters"
            />
          </>
        )}
      </ControlledField>
    </EditorSection>
  );
}
