import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { descriptionText } from '#shared/schemas/products';
import type { InputLimit } from '#shared/schemas/settings';
import { describedBy, FieldShell } from '../../../components/fields/field-shell.tsx';
import { RichTextInput } from '../../../components/fields/rich-text-input.tsx';
import { TextInput } from '../../../components/fields/text-input.tsx';
import { Counter } from './counter.tsx';
import { EditorSection } from './editor-section.tsx';
import type { ProductFormValues } from './product-form.ts';
import { useFieldMessage } from './use-field-message.ts';

const withCounter = (id: string, error: string) => [describedBy(id, undefined, error), `${id}-counter`].filter(Boolean).join(' ');

/** Title and description (the rich text input, sanitised), each with the store's length limits as a counter. */
export function GeneralSection({ limit }: { limit: InputLimit }) {
  const { t } = useTranslation('products');
  const { control } = useFormContext<ProductFormValues>();
  const messageAt = useFieldMessage();
  const [title, bodyHtml] = useWatch({ control, name: ['title', 'bodyHtml'] });
  const titleError = messageAt('title');
  const bodyError = messageAt('bodyHtml');
  return (
    <EditorSection title={t('editor.sections.general')}>
      <Controller
        control={control}
        name="title"
        render={({ field }) => (
          <FieldShell id="product-title" label={t('editor.fields.title')} required error={titleError}>
            <TextInput
              id="product-title"
              name="title"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              invalid={Boolean(titleError)}
              describedBy={withCounter('product-title', titleError)}
            />
            <Counter id="product-title-counter" count={title.trim().length} min={limit.title.min} max={limit.title.max} unit="characters" />
          </FieldShell>
        )}
      />
      <Controller
        control={control}
        name="bodyHtml"
        render={({ field }) => (
          <FieldShell id="product-description" label={t('editor.fields.description')} required={limit.description.min > 0} error={bodyError}>
            <RichTextInput
              id="product-description"
              name="bodyHtml"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              invalid={Boolean(bodyError)}
              describedBy={withCounter('product-description', bodyError)}
            />
            <Counter id="product-description-counter" count={descriptionText(bodyHtml).length} min={limit.description.min} max={limit.description.max} unit="characters" />
          </FieldShell>
        )}
      />
    </EditorSection>
  );
}
