import { useTranslation } from 'react-i18next';
import { ACCEPTED_TYPES } from '#shared/schemas/uploads';
import { Button } from '../button.tsx';
import { linkButton } from './file-input-style.ts';
import type { UploadFieldProps } from './upload-field-props.ts';
import { SingleFileUpload } from './single-file-upload.tsx';
import { useFileUploads } from './use-file-uploads.ts';

/** A document upload: empty, uploading, then "File uploaded" with open and reset. The answer is the file's URL. */
export function FileUploadInput({ value, onChange, store, onBusyChange, ...control }: UploadFieldProps<string>) {
  const { t } = useTranslation('registration');
  const uploads = useFileUploads({
    store,
    onBusyChange,
    onUploaded: ([first]) => onChange(first.location),
  });

  return (
    <SingleFileUpload
      {...control}
      accept={ACCEPTED_TYPES['metafield-file'].join(',')}
      uploads={uploads}
      busyLabel={t('upload.uploading')}
      uploaded={
        value && (
          <div className="flex flex-wrap items-center gap-3">
            <span className="inline-flex items-center gap-1 text-sm font-medium text-green-700">
              <span aria-hidden="true">✓</span>
              {t('upload.fileUploaded')}
            </span>
            <a href={value} target="_blank" rel="noopener noreferrer" className={linkButton}>
              {t('upload.open')}
            </a>
            <Button variant="secondary" onClick={() => onChange('')}>
              {t('upload.reset')}
            </Button>
          </div>
        )
      }
    />
  );
}
