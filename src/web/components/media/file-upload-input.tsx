import { useTranslation } from 'react-i18next';
import { ACCEPTED_TYPES } from '#shared/schemas/uploads';
import type { ControlProps } from '../fields/control-props.ts';
import { labelId } from '../fields/field-shell.tsx';
import { Button } from '../button.tsx';
import { fileInput, linkButton } from './file-input-style.ts';
import { BusyLabel } from './busy-label.tsx';
import { UploadError } from './upload-error.tsx';
import { useFileUploads } from './use-file-uploads.ts';

/** A document upload: empty, uploading, then "File uploaded" with open and reset. The answer is the file's URL. */
export function FileUploadInput({
  id,
  name,
  value,
  onChange,
  invalid,
  describedBy,
  inputRef,
  store,
  onBusyChange,
}: ControlProps<string> & { store?: string; onBusyChange?: (busy: boolean) => void }) {
  const { t } = useTranslation('registration');
  const { upload, isUploading, error } = useFileUploads({
    store,
    onBusyChange,
    onUploaded: ([first]) => onChange(first.location),
  });

  if (isUploading) return <BusyLabel label={t('upload.uploading')} />;
  if (value) {
    return (
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
    );
  }
  return (
    <>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={ACCEPTED_TYPES['metafield-file'].join(',')}
        aria-labelledby={labelId(id)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length) void upload(files.slice(0, 1));
        }}
        className={fileInput}
      />
      <UploadError message={error} />
    </>
  );
}
