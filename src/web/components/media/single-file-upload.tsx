import type { ReactNode } from 'react';
import { BusyLabel } from './busy-label.tsx';
import { FilePickerInput, type FilePickerProps } from './file-picker-input.tsx';
import { UploadError } from './upload-error.tsx';
import type { CheckedUploads } from './use-checked-uploads.ts';

/**
 * An upload field that holds one file: the picker (and why the last upload failed) while empty,
 * a busy label while the file goes up, then `uploaded` (the file with its own actions).
 */
export function SingleFileUpload({
  uploads: { upload, isUploading, error },
  busyLabel,
  uploaded,
  ...picker
}: Omit<FilePickerProps, 'multiple' | 'onPick'> & { uploads: CheckedUploads; busyLabel: string; uploaded: ReactNode }) {
  if (isUploading) return <BusyLabel label={busyLabel} />;
  if (uploaded) return uploaded;
  return (
    <>
      <FilePickerInput {...picker} onPick={(files) => void upload(files)} />
      <UploadError message={error} />
    </>
  );
}
