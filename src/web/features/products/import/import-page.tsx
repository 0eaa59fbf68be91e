import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { BusyLabel } from '#web/components/media/busy-label.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { textLinkClass } from '#web/components/link-styles.ts';
import { confirmProductCsv, uploadProductCsv, useCsvImport, type CsvImport } from './api/csv-import.ts';
import { FileDrop } from './file-drop.tsx';
import { ImportHelp } from './import-help.tsx';
import { ImportProgress } from './import-progress.tsx';
import { ValidationReport } from './validation-report.tsx';

type Check = { kind: 'idle' } | { kind: 'uploading' } | { kind: 'failed'; message: string } | { kind: 'validated'; result: CsvImport };

/**
 * /app/products/import: choose a CSV, which is uploaded and checked at once (nothing is written),
 * read the problems, then confirm the import of the good products and follow it to the result.
 */
export function ImportPage() {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  usePageTitle(t('import.title', words));
  const user = useSession();
  // The vendor column is only read for an admin in the marketplace view.
  const withVendor = !!user?.admin && !!user.marketplaceView;
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<Check>({ kind: 'idle' });
  const [started, setStarted] = useState<CsvImport | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const [confirmError, setConfirmError] = useState('');
  const poll = useCsvImport(started?.id ?? null);
  // A second file chosen while the first uploads wins; the first one's answer is dropped.
  const latest = useRef(0);

  const choose = async (chosen: File) => {
    const attempt = ++latest.current;
    setFile(chosen);
    setConfirmError('');
    setCheck({ kind: 'uploading' });
    try {
      const result = await uploadProductCsv(chosen);
      if (attempt === latest.current) setCheck({ kind: 'validated', result });
    } catch (error) {
      if (attempt === latest.current) setCheck({ kind: 'failed', message: errorMessage(error) });
    }
  };

  const confirm = async (result: CsvImport) => {
    setConfirming(true);
    setConfirmError('');
    try {
      setStarted(await confirmProductCsv(result.id));
    } catch (error) {
      setConfirmError(errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };

  const startOver = () => {
    latest.current++;
    setStarted(null);
    setFile(null);
    setCheck({ kind: 'idle' });
  };

  return (
    <div className="space-y-6">
      <div>
        <Link to="/products" className={`text-sm ${textLinkClass}`}>
          {t('import.back', words)}
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-gray-900">{t('import.title', words)}</h1>
        <p className="mt-1 max-w-prose text-sm text-gray-600">{t('import.intro', words)}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="space-y-6">
          {started ? (
            <ImportProgress job={poll.data ?? started} pollError={poll.error} onAnother={startOver} />
          ) : (
            <>
              <FileDrop file={file} disabled={check.kind === 'uploading' || isConfirming} onFile={(chosen) => void choose(chosen)} />
              {check.kind === 'uploading' && <BusyLabel label={t('import.file.checking')} />}
              {check.kind === 'failed' && (
                <div className="flex flex-wrap items-center gap-4">
                  <AlertText>{check.message}</AlertText>
                  {file && (
                    <Button variant="secondary" onClick={() => void choose(file)}>
                      {t('import.file.retry')}
                    </Button>
                  )}
                </div>
              )}
              {check.kind === 'validated' && (
                <ValidationReport
                  result={check.result}
                  isConfirming={isConfirming}
                  confirmError={confirmError}
                  onConfirm={() => void confirm(check.result)}
                />
              )}
            </>
          )}
        </div>
        <ImportHelp withVendor={withVendor} />
      </div>
    </div>
  );
}
