import { useTranslation } from 'react-i18next';
import { HttpError } from '#web/api/http-error.ts';
import { uploadToProxy } from '#web/api/uploads.ts';
import { useMessageText } from '../form/message-text.ts';
import { useCheckedUploads } from './use-checked-uploads.ts';

export interface UploadedFile {
  file: File;
  location: string;
}

/** Checks and uploads picked files through the registration proxy (metafield-file); see useCheckedUploads. */
export function useFileUploads({
  store,
  onUploaded,
  onBusyChange,
  failureMessage,
}: {
  store?: string;
  onUploaded: (files: UploadedFile[]) => void;
  onBusyChange?: (busy: boolean) => void;
  /** What to say when an upload fails; by default the server's own message. */
  failureMessage?: (error: unknown) => string;
}) {
  const { t } = useTranslation('registration');
  const text = useMessageText();
  return useCheckedUploads({
    send: (file) => uploadToProxy(file, 'metafield-file', { store }).then((location): UploadedFile => ({ file, location })),
    onUploaded,
    onBusyChange,
    translate: text,
    describeFailure:
      failureMessage ??
      // The server says why it refused a file; a dropped connection says nothing useful.
      ((reason) => (reason instanceof HttpError && reason.message ? text(reason.message) : t('upload.failed'))),
  });
}
