import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_TYPES } from '#shared/schemas/uploads';
import { uploadToProxy } from '#web/api/uploads.ts';
import { Button } from '#web/components/button.tsx';
import type { ControlProps } from '#web/components/form/control-props.ts';
import { MediaPreview } from '#web/components/media/media-preview.tsx';
import { SingleFileUpload } from '#web/components/media/single-file-upload.tsx';
import { useCheckedUploads } from '#web/components/media/use-checked-uploads.ts';
import { errorMessage } from '#web/components/error-message.ts';
import { useMessageText } from '#web/components/form/message-text.ts';

const PREVIEW_HEIGHT = 240;

/**
 * The page's image: uploaded through the vendor-page proxy after the app's client checks (size and
 * pixels, said under the field rather than in an alert), then previewed with a remove action. The
 * answer is the image's URL.
 */
export function PageImageInput({
  value,
  onChange,
  onBusyChange,
  ...control
}: ControlProps<string> & { onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation('vendor-page');
  const message = useMessageText('vendor-page');
  // An upload that ends after the screen is gone must not report to it.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const uploads = useCheckedUploads({
    send: (file) => uploadToProxy(file, 'vendor-page'),
    onUploaded: ([location]) => {
      if (mounted.current) onChange(location);
    },
    onBusyChange,
    translate: message,
    describeFailure: (failure) => message(errorMessage(failure)),
    refuseWith: 'error',
  });

  return (
    <SingleFileUpload
      {...control}
      accept={ACCEPTED_TYPES['vendor-page'].join(',')}
      uploads={uploads}
      busyLabel={t('image.uploading')}
      uploaded={
        value && (
          <div className="flex flex-col items-start gap-3">
            <MediaPreview item={{ src: value, contentType: 'IMAGE' }} height={PREVIEW_HEIGHT} />
            <Button variant="secondary" onClick={() => onChange('')}>
              {t('image.remove')}
            </Button>
          </div>
        )
      }
    />
  );
}
