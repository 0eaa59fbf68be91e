import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell } from '../../../components/fields/field-shell.tsx';
import { TextareaInput } from '../../../components/fields/textarea-input.tsx';
import { TextInput } from '../../../components/fields/text-input.tsx';
import { Counter } from './counter.tsx';
import { EditorSection } from './editor-section.tsx';
import type { ProductFormValues } from './product-form.ts';
import { useFieldMessage } from './use-field-message.ts';

/** The shared schema's lengths of the search engine texts. */
const SEO_MAX = { title: 255, description: 1000 } as const;

/** What search engines show: a title and a description, each optional. */
export function SeoSection() {
  const { t } = useTranslation('products');
  const { control } = useFormContext<ProductFormValues>();
  const messageAt = useFieldMessage();
  return (
    <EditorSection title={t('editor.sections.seo')} description={t('editor.seo.hint')}>
      {(['title', 'description'] as const).map((part) => {
        const id = `product-seo-${part}`;
        const error = messageAt(`seo.${part}`);
        const Input = part === 'title' ? TextInput : TextareaInput;
        return (
          <Controller
            key={part}
            control={control}
            name={`seo.${part}`}
            render={({ field }) => (
              <FieldShell id={id} label={t(`editor.seo.${part}`)} required={false} error={error}>
                <Input
                  id={id}
                  name={`seo.${part}`}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  invalid={Boolean(error)}
                  describedBy={[describedBy(id, undefined, error), `${id}-counter`].filter(Boolean).join(' ')}
                />
                <Counter id={`${id}-counter`} count={field.value.trim().length} min={0} max={SEO_MAX[part]} unit="characters" />
              </FieldShell>
            )}
          />
        );
      })}
    </EditorSection>
  );
}
