import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_TYPES } from '#shared/schemas/uploads';
import { uploadToProxy } from '../../api/uploads.ts';
import { Button } from '../../components/button.tsx';
import type { ControlProps } from '../../components/fields/control-props.ts';
import { labelId } from '../../components/fields/field-shell.tsx';
import { BusyLabel } from '../../components/media/busy-label.tsx';
import { uploadProblemOf } from '../../components/media/check-image-file.ts';
import { fileInput } from '../../components/media/file-input-style.ts';
import { MediaPreview } from '../../components/media/media-preview.tsx';
import { UploadError } from '../../components/media/upload-error.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { usePageMessage } from './use-page-message.ts';

const PREVIEW_HEIGHT = 240;

/**
 * The page's image: uploaded through the vendor-page proxy after the app's client checks (size and
 * pixels), then previewed with a remove action. The answer is the image's URL.
 */
export function PageImageInput({ id, name, value, onChange, invalid, describedBy, inputRef, onBusyChange }: ControlProps<string> & { onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation('vendor-page');
  const message = usePageMessage();
  const [isUploading, setUploading] = useState(false);
  const [error, setError] = useState('');
  // An upload that ends after the screen is gone must not report to it.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const upload = async (file: File) => {
    setError('');
    const problem = await uploadProblemOf(file);
    if (problem) {
      setError(message(problem));
      return;
    }
    setUploading(true);
    onBusyChange(true);
    try {
      const location = await uploadToProxy(file, 'vendor-page');
      if (mounted.current) onChange(location);
    } catch (failure) {
      if (mounted.current) setError(message(errorMessage(failure)));
    } finally {
      onBusyChange(false);
      if (mounted.current) setUploading(false);
    }
  };

  if (isUploading) return <BusyLabel label={t('image.uploading')} />;
  if (value) {
    return (
      <div className="flex flex-col items-start gap-3">
        <MediaPreview item={{ src: value, contentType: 'IMAGE' }} height={PREVIEW_HEIGHT} />
        <Button variant="secondary" onClick={() => onChange('')}>
          {t('image.remove')}
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
        accept={ACCEPTED_TYPES['vendor-page'].join(',')}
        aria-labelledby={labelId(id)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
        className={fileInput}
      />
      <UploadError message={error} />
    </>
  );
}
