import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { TextareaInput } from '#web/components/form/textarea-input.tsx';
import { TextInput } from '#web/components/form/text-input.tsx';
import { Counter, withCounter } from './counter.tsx';
import { EditorSection } from '#web/components/editor-section.tsx';
import type { ProductFormValues } from './product-form.ts';
import { useEditorText } from './use-editor-text.ts';

/** The shared schema's lengths of the search engine texts. */
const SEO_MAX = { title: 255, description: 1000 } as const;

/** What search engines show: a title and a description, each optional. */
export function SeoSection() {
  const { t } = useTranslation('products');
  const { control } = useFormContext<ProductFormValues>();
  const text = useEditorText();
  return (
    <EditorSection title={t('editor.sections.seo')} description={t('editor.seo.hint')}>
      {(['title', 'description'] as const).map((part) => {
        const id = `product-seo-${part}`;
        const Input = part === 'title' ? TextInput : TextareaInput;
        return (
          <ControlledField
            key={part}
            control={control}
            name={`seo.${part}`}
            id={id}
            label={t(`editor.seo.${part}`)}
            required={false}
            errorText={text}
          >
            {(props) => (
              <>
                <Input {...props} describedBy={withCounter(props.describedBy, `${id}-counter`)} />
                <Counter id={`${id}-counter`} count={props.value.trim().length} min={0} max={SEO_MAX[part]} unit="characters" />
              </>
            )}
          </ControlledField>
        );
      })}
    </EditorSection>
  );
}
