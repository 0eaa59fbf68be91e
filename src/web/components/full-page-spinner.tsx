import { Spinner } from './spinner.tsx';

/** While a lazily loaded screen or a route's first check is on its way. */
export function FullPageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center text-white in-[.iframe]:text-indigo-600">
      <Spinner className="size-10" />
    </div>
  );
}
