import { useId, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '#shared/format-bytes';

interface FileDropProps {
  file: File | null;
  disabled: boolean;
  onFile: (file: File) => void;
}

/** A .csv file chosen with the file dialog (keyboard: the button-like label) or dropped on the zone. */
export function FileDrop({ file, disabled, onFile }: FileDropProps) {
  const { t } = useTranslation('products');
  const id = useId();
  const [isOver, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="drop-zone"
      className={`rounded-lg border-2 border-dashed px-6 py-8 text-center ${isOver ? 'border-indigo-500 bg-indigo-50' : 'border-gray-300 bg-white'}`}
    >
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        disabled={disabled}
        className="peer sr-only"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // the same file chosen again must still fire a change
          event.target.value = '';
          if (chosen) onFile(chosen);
        }}
      />
      <label
        htmlFor={id}
        className={`inline-flex cursor-pointer items-center rounded-md bg-white px-3.5 py-2 text-sm font-semibold text-gray-900 shadow-xs ring-1 ring-gray-300 ring-inset peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 hover:bg-gray-50 ${
          disabled ? 'cursor-not-allowed opacity-60' : ''
        }`}
      >
        {file ? t('import.file.chooseAnother') : t('import.file.choose')}
      </label>
      <p id={`${id}-hint`} className="mt-2 text-sm text-gray-600">
        {t('import.file.hint')}
      </p>
      {file && (
        <p className="mt-3 text-sm text-gray-900" data-testid="chosen-file">
          <span className="font-medium break-all">{file.name}</span> <span className="text-gray-600">({formatBytes(file.size)})</span>
        </p>
      )}
    </div>
  );
}
