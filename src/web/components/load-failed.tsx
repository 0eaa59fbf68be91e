import { useTranslation } from 'react-i18next';
import { AlertText } from './alert-text.tsx';
import { Button } from './button.tsx';

/** A screen's data did not load: why, and a button that asks again. `boxed` sets it apart above a list's place. */
export function LoadFailed({
  message,
  onRetry,
  boxed = false,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  boxed?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const box = boxed ? 'rounded-lg bg-red-50 px-4 py-3 ring-1 ring-red-200' : '';
  return (
    <div className={`flex flex-wrap items-center gap-4 ${box} ${className}`.trim()}>
      <AlertText>{message}</AlertText>
      <Button variant="secondary" onClick={onRetry}>
        {t('loadFailed.retry')}
      </Button>
    </div>
  );
}
