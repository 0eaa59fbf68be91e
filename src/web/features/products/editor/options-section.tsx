import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_OPTIONS } from '#shared/schemas/products';
import { Button } from '#web/components/button.tsx';
import { AlertText } from '#web/components/alert-text.tsx';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { describedBy, FieldShell } from '#web/components/form/field-shell.tsx';
import { TextInput } from '#web/components/form/text-input.tsx';
import { ChipsInput } from './chips-input.tsx';
import { EditorSection } from '#web/components/editor-section.tsx';
import { LIST_MESSAGES } from './form-errors.ts';
import { newUid, type OptionFormValue, type ProductFormValues } from './product-form.ts';
import { useEditorText } from './use-editor-text.ts';
import { useFieldMessage } from './use-field-message.ts';

/**
 * Up to 3 options (Size, Color…), each with its values as chips. Every change of the values goes
 * through `onOptionsChange`, which regenerates the variants table from the combinations.
 */
export function OptionsSection({ onOptionsChange }: { onOptionsChange: (next: OptionFormValue[]) => void }) {
  const { t } = useTranslation('products');
  const { control } = useFormContext<ProductFormValues>();
  const options = useWatch({ control, name: 'options' });
  const messageAt = useFieldMessage();
  const text = useEditorText();
  const update = (index: number, change: Partial<OptionFormValue>) =>
    onOptionsChange(options.map((o, i) => (i === index ? { ...o, ...change } : o)));
  return (
    <EditorSection
      title={t('editor.sections.options')}
      description={t('editor.options.hint', { max: MAX_OPTIONS })}
      actions={
        <Button
          variant="secondary"
          disabled={options.length >= MAX_OPTIONS}
          onClick={() => onOptionsChange([...options, { uid: newUid('option'), name: '', values: [] }])}
        >
          {t('editor.options.add')}
        </Button>
      }
    >
      <AlertText>{messageAt(LIST_MESSAGES.options)}</AlertText>
      {options.length === 0 && <p className="text-sm text-gray-500">{t('editor.options.none')}</p>}
      {options.map((option, index) => {
        const nameId = `product-option-${index}-name`;
        const valuesId = `product-option-${index}-values`;
        const valuesError = messageAt(`options.${index}.values`);
        const position = index + 1;
        return (
          <fieldset key={option.uid} className="rounded-md border border-gray-200 p-4">
            <legend className="px-1 text-sm font-medium text-gray-900">{t('editor.options.legend', { n: position })}</legend>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-start">
              <ControlledField
                control={control}
                name={`options.${index}.name`}
                id={nameId}
                label={t('editor.options.name')}
                required
                errorText={text}
              >
                {(props) => <TextInput {...props} />}
              </ControlledField>
              <FieldShell
                id={valuesId}
                label={t('editor.options.values')}
                required
                description={t('editor.options.valuesHint')}
                error={valuesError}
              >
                <ChipsInput
                  id={valuesId}
                  label={t('editor.options.valuesOf', { name: option.name || position })}
                  values={option.values}
                  onChange={(values) => update(index, { values })}
                  invalid={Boolean(valuesError)}
                  describedBy={describedBy(valuesId, t('editor.options.valuesHint'), valuesError)}
                />
              </FieldShell>
              <Button
                variant="secondary"
                className="sm:mt-7"
                onClick={() => onOptionsChange(options.filter((_, i) => i !== index))}
                aria-label={t('editor.options.removeNamed', { name: option.name || position })}
              >
                {t('editor.options.remove')}
              </Button>
            </div>
          </fieldset>
        );
      })}
    </EditorSection>
  );
}
