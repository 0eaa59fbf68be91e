import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { METAFIELD_OWNERS, type MetafieldOwner } from '#shared/schemas/metafields';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { deleteMetafield, useMetafields, type StoredMetafield } from '#web/api/metafields.ts';
import { MetafieldEditor } from './metafield-editor.tsx';

/** /app/metafields (admin): the definitions of products and of collections (?owner=), to add, edit and delete. */
export function MetafieldsPage() {
  const { t } = useTranslation('metafields');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const owner: MetafieldOwner = params.get('owner') === 'collections' ? 'collections' : 'products';
  const { data, error, isLoading, mutate } = useMetafields(owner);
  const [editing, setEditing] = useState<StoredMetafield | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StoredMetafield | null>(null);
  const definitions = data?.metafields ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
        {editing === null && data && <Button onClick={() => setEditing('new')}>{t('add')}</Button>}
      </div>
      <div role="tablist" aria-label={t('owners.label')} className="flex gap-6 border-b border-gray-200">
        {METAFIELD_OWNERS.map((o) => (
          <button
            key={o}
            type="button"
            role="tab"
            aria-selected={o === owner}
            onClick={() => {
              setEditing(null);
              setParams(o === 'products' ? {} : { owner: o });
            }}
            className={`-mb-px border-b-2 px-1 pb-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              o === owner
                ? 'border-indigo-600 text-indigo-600'
                : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'
            }`}
          >
            {t(`owners.${o}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="space-y-4">
        {isLoading && <LoadingBlock />}
        {error && !data && <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} />}
        {editing !== null && (
          <MetafieldEditor
            key={`${owner}:${editing === 'new' ? 'new' : editing.id}`}
            owner={owner}
            stored={editing === 'new' ? null : editing}
            others={definitions}
            onDone={() => setEditing(null)}
          />
        )}
        {data && editing === null && definitions.length === 0 && (
          <p className="rounded-lg border border-dashed border-gray-300 px-6 py-8 text-center text-sm text-gray-600">
            {t(`empty.${owner}`)}
          </p>
        )}
        {data && editing === null && definitions.length > 0 && (
          <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
            {definitions.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-4 px-6 py-3">
                <div className="min-w-0">
                  <h3 className="text-sm font-semibold text-gray-900">
                    {d.name} <span className="font-mono text-xs font-normal text-gray-500">{d.key}</span>
                  </h3>
                  <p className="text-xs text-gray-600">
                    {t(`types.${d.type}`)}
                    {d.required && ` · ${t('badges.required')}`}
                    {d.showOnVendorPage && ` · ${t('badges.vendorPage')}`}
                    {d.registration && ` · ${t('badges.registration')}`}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => setEditing(d)} aria-label={t('editNamed', { name: d.name })}>
                    {t('edit')}
                  </Button>
                  <Button variant="secondary" onClick={() => setDeleting(d)} aria-label={t('deleteNamed', { name: d.name })}>
                    {t('delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        onConfirm={() => deleteMetafield(owner, deleting!.id)}
        onClose={() => setDeleting(null)}
      >
        {t('deleteText')}
      </ConfirmDialog>
    </div>
  );
}
