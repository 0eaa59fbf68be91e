import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { UploadProxy } from '#shared/limits';
import { ACCEPTED_TYPES } from '#shared/schemas/uploads';
import { uploadToProxy } from '#web/api/uploads.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { uploadProblemOf } from '#web/components/media/check-image-file.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { checkboxClass } from '#web/components/form/input-style.ts';
import { TextField } from '#web/components/form/text-field.tsx';
import { useFieldError } from '#web/components/form/use-field-error.ts';
import { useMessageText } from '#web/components/form/message-text.ts';

const CHOICES = ['default', 'value', 'src'] as const;

/**
 * A logo (value, src, selected): the shop name, a text, or an uploaded image. The image
 * goes through the logo's upload proxy; choosing it is the obvious next step, so the upload does.
 */
export function LogoField({ name, label, proxy }: { name: 'logoText' | 'logoRegistration'; label: string; proxy: UploadProxy }) {
  const { t } = useTranslation('settings');
  const text = useMessageText();
  const id = useId();
  const { register, setValue, control } = useFormContext();
  const src = useWatch({ control, name: `${name}.src` }) as string;
  const srcError = useFieldError(`${name}.src`);
  const [isUploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');

  const upload = async (file: File) => {
    setUploadError('');
    const problem = await uploadProblemOf(file);
    if (problem) {
      setUploadError(text(problem));
      return;
    }
    setUploading(true);
    try {
      const location = await uploadToProxy(file, proxy);
      setValue(`${name}.src`, location, { shouldDirty: true });
      setValue(`${name}.selected`, 'src', { shouldDirty: true });
    } catch (error) {
      setUploadError(text(errorMessage(error)));
    } finally {
      setUploading(false);
    }
  };

  return (
    <fieldset className="space-y-3 rounded-md border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">{label}</legend>
      <div role="radiogroup" aria-label={t('appearance.logo.show')} className="flex flex-wrap gap-x-6 gap-y-2">
        {CHOICES.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm text-gray-900">
            <input type="radio" value={choice} className={checkboxClass} {...register(`${name}.selected`)} />
            {t(`appearance.logo.choices.${choice}`)}
          </label>
        ))}
      </div>
      <TextField name={`${name}.value`} label={t('appearance.logo.value')} hint={t('appearance.logo.valueHint')} />
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-gray-900">
          {t('appearance.logo.image')}
        </label>
        <div className="mt-1.5 flex flex-wrap items-center gap-4">
          {src && (
            <img
              src={src}
              alt={t('appearance.logo.preview', { label })}
              className="h-12 w-auto rounded border border-gray-200 bg-gray-50 object-contain p-1"
            />
          )}
          {isUploading ? (
            <Spinner className="size-5 text-indigo-600" label={t('appearance.logo.uploading')} />
          ) : (
            <input
              id={`${id}-file`}
              type="file"
              accept={ACCEPTED_TYPES[proxy].join(',')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
              className="text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700 hover:file:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            />
          )}
        </div>
        <AlertText className="mt-1">{uploadError || srcError}</AlertText>
      </div>
    </fieldset>
  );
}
