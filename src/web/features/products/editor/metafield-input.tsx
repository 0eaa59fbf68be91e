import { useTranslation } from 'react-i18next';
import { DefinitionFieldInput, type DefinitionFieldParts } from '#web/components/form/definition-field-input.tsx';
import { FieldShell } from '#web/components/form/field-shell.tsx';
import { TextInput } from '#web/components/form/text-input.tsx';
import { YoutubeVideo } from '#web/components/form/youtube-video.tsx';
import type { EditorDefinition, MetafieldFormValue } from './product-form.ts';
import { ProductPicker } from './product-picker.tsx';

export interface MetafieldInputProps {
  definition: EditorDefinition;
  /** The description without its property block. */
  description: string;
  required: boolean;
  id: string;
  value: MetafieldFormValue;
  onChange: (value: MetafieldFormValue) => void;
  onBlur: () => void;
  inputRef: (element: HTMLElement | null) => void;
  error?: string;
  onBusyChange: (busy: boolean) => void;
}

/**
 * One product metafield, rendered by its type. The registration form's controls are reused (text,
 * rich text, choices, terms, file, image and media uploads); products add a product picker, dates,
 * URLs, and a video given by its link.
 */
export function MetafieldInput({ definition, description, required, ...answer }: MetafieldInputProps) {
  const { t } = useTranslation('products');
  // Dates, URLs and the video's link are kept by the definition's position: their inputs have no name.
  const native =
    (type: 'date' | 'datetime-local' | 'url') =>
    ({ control, shell, text }: DefinitionFieldParts) => (
      <FieldShell {...shell}>
        <TextInput
          {...control}
          name={undefined}
          value={text}
          onChange={answer.onChange}
          type={type}
          placeholder={type === 'url' ? definition.link || 'https://' : undefined}
        />
      </FieldShell>
    );

  return (
    <DefinitionFieldInput
      type={definition.type}
      fieldKey={definition.key}
      title={definition.name}
      name={`metafield-${definition.key}`}
      label={definition.name}
      termsLabel={required ? definition.name : `${definition.name}${t('editor.optionalSuffix')}`}
      required={required}
      description={description}
      options={definition.options ?? []}
      link={definition.link ?? ''}
      {...answer}
      renderers={{
        product: ({ control, shell, text }) => (
          <FieldShell {...shell}>
            <ProductPicker {...control} value={text} onChange={answer.onChange} />
          </FieldShell>
        ),
        video: ({ control, shell, text }) => (
          <FieldShell {...shell}>
            <TextInput
              {...control}
              name={undefined}
              value={text}
              onChange={answer.onChange}
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v="
            />
            {text && (
              <div className="mt-3">
                <YoutubeVideo link={text} title={definition.name} />
              </div>
            )}
          </FieldShell>
        ),
        date: native('date'),
        date_time: native('datetime-local'),
        url: native('url'),
      }}
    />
  );
}
