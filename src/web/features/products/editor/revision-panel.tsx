import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductRevisionAnswer, RevisionAction } from '#shared/schemas/product-revisions';
import { Button } from '#web/components/button.tsx';
import { EditorSection } from '#web/components/editor-section.tsx';
import { formatDateTime } from '#web/components/format-date.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { decideRevision } from './api/product-revision.ts';
import { NoteDialog } from './note-dialog.tsx';
import { RevisionChanges } from './revision-changes.tsx';

/**
 * "Live" beside "Changes waiting for review": admins approve (the changes go live in one step) or
 * reject with a reason; the vendor withdraws, or replaces the changes by saving the form below,
 * which holds them. A rejected revision's reason stays shown to the vendor until its next edit.
 */
export function RevisionPanel({ productId, revision, isAdmin }: { productId: string; revision: ProductRevisionAnswer; isAdmin: boolean }) {
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const [action, setAction] = useState<RevisionAction | null>(null);
  const { pending, rejected } = revision;

  if (!pending) {
    if (!rejected || isAdmin) return null;
    return (
      <EditorSection title={t('revision.rejectedTitle')}>
        <p className="text-sm text-gray-700">{t('revision.rejectedText', words)}</p>
        {rejected.note && (
          <p className="text-sm whitespace-pre-wrap text-gray-900" data-testid="revision-note">
            {rejected.note}
          </p>
        )}
      </EditorSection>
    );
  }
  return (
    <EditorSection title={t('revision.title')}>
      <p className="text-sm text-gray-700" data-testid="revision-state">
        {t(isAdmin ? 'revision.adminText' : 'revision.vendorText', { ...words, date: formatDateTime(pending.createdAt) })}
      </p>
      <RevisionChanges revision={pending} />
      <div className="flex flex-wrap gap-2">
        {isAdmin ? (
          <>
            <Button onClick={() => setAction('approve')}>{t('revision.approve')}</Button>
            <Button variant="secondary" onClick={() => setAction('reject')}>
              {t('revision.reject')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={() => setAction('withdraw')}>
            {t('revision.withdraw')}
          </Button>
        )}
      </div>
      {action && (
        <NoteDialog
          action={action}
          onConfirm={async (note) => {
            await decideRevision(productId, action, note);
          }}
          onClose={() => setAction(null)}
        />
      )}
    </EditorSection>
  );
}
