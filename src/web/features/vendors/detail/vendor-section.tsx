import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertText } from '#web/components/alert-text.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { textLinkClass } from '#web/components/link-styles.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';

interface VendorSectionProps {
  title: string;
  /** The full list this section sums up, filtered to the vendor. */
  more?: { to: string; label: string };
  isLoading?: boolean;
  error?: unknown;
  children?: ReactNode;
}

/** One part of the vendor page: a heading, what it sums up, and the way to the full list. */
export function VendorSection({ title, more, isLoading = false, error, children }: VendorSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg bg-white px-5 py-4 shadow-sm ring-1 ring-gray-900/5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-gray-900">
          {title}
        </h2>
        {more && (
          <Link to={more.to} className={`text-sm ${textLinkClass}`}>
            {more.label}
          </Link>
        )}
      </div>
      <div className="mt-3 text-sm text-gray-700">
        {isLoading ? <LoadingBlock /> : error ? <AlertText>{errorMessage(error)}</AlertText> : children}
      </div>
    </section>
  );
}

/** A short list of a section's latest items; `empty` says so in words when there is none. */
export function LatestList({ empty, children, count }: { empty: string; children: ReactNode; count: number }) {
  if (count === 0) return <p className="text-gray-600">{empty}</p>;
  return <ul className="divide-y divide-gray-100">{children}</ul>;
}

export const latestItem = 'flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2';
