/** A busy indicator; the label is announced (role="status") and shown beside it unless `hideLabel`. */
export function Spinner({ label, hideLabel = false }: { label: string; hideLabel?: boolean }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-gray-600">
      <svg className="size-5 animate-spin text-indigo-600" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
        <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
      </svg>
      <span className={hideLabel ? 'sr-only' : undefined}>{label}</span>
    </span>
  );
}
