import { useId, type ReactNode } from 'react';

/** One white panel of the editor, named by its heading (a landmark for screen-reader users). */
export function EditorSection({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-900/5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-base font-semibold text-gray-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-gray-500">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}
