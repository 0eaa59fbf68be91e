import { useTranslation } from 'react-i18next';

export function Spinner({ className = 'size-6', label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" role="status" aria-label={label ?? t('loading')}>
      <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
      <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 018-8v4a4 4 0 00-4 4H4z" />
    </svg>
  );
}

/** A spinner centred in the space of the content that is loading. */
export function LoadingBlock() {
  return (
    <div className="flex justify-center py-10 text-indigo-600">
      <Spinner className="size-8" />
    </div>
  );
}
