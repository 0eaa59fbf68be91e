import { Spinner } from '../spinner.tsx';

/** A spinner with its reason written beside it ("Uploading…"); announced once, by the spinner. */
export function BusyLabel({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-gray-600">
      <Spinner className="size-5 text-indigo-600" label={label} />
      <span aria-hidden="true">{label}</span>
    </span>
  );
}
