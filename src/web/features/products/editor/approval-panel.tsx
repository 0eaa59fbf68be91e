import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductAction, ProductDetail } from '#shared/schemas/products';
import { Button } from '#web/components/button.tsx';
import { formatDateTime } from '#web/components/format-date.ts';
import { applyProductAction } from './api/product-action.ts';
import { EditorSection } from '#web/components/editor-section.tsx';
import { NoteDialog } from './note-dialog.tsx';

/**
 * Approved or Pending review, with the admin's note. Admins approve, unapprove and delete; a vendor
 * approves or unapproves its own product only when its products are auto-approved (the server
 * checks again and its refusal is shown in the dialog).
 */
export function ApprovalPanel({ product, isAdmin, canSelfApprove }: { product: ProductDetail; isAdmin: boolean; canSelfApprove: boolean }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const [action, setAction] = useState<ProductAction | null>(null);
  const [done, setDone] = useState('');
  const canDecide = isAdmin || canSelfApprove;

  const run = async (note: string) => {
    if (!action) return;
    setDone('');
    const answer = await applyProductAction(product.id, action, note);
    if (answer.deleted) navigate('/products', { replace: true, state: { deleted: product.title } });
    else setDone(t(answer.approved ? 'editor.approval.approvedDone' : 'editor.approval.unapprovedDone'));
  };

  return (
    <EditorSection title={t('editor.sections.approval')}>
      <div>
        <span
          className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium ${product.approved ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'}`}
          data-testid="approval-state"
        >
          {product.approved ? t('editor.approval.approved') : t('editor.approval.pending')}
        </span>
        {product.approved && product.approvedAt && (
          <p className="mt-2 text-xs text-gray-500">{t('editor.approval.approvedAt', { date: formatDateTime(product.approvedAt) })}</p>
        )}
        {product.approvalNote && (
          <div className="mt-3">
            <p className="text-xs font-medium text-gray-700">{t('editor.approval.noteFromMarketplace')}</p>
            <p className="mt-1 text-sm whitespace-pre-wrap text-gray-900" data-testid="approval-note">
              {product.approvalNote}
            </p>
          </div>
        )}
        {!canDecide && <p className="mt-3 text-xs text-gray-500">{t('editor.approval.byMarketplace')}</p>}
      </div>
      {canDecide && (
        <div className="flex flex-wrap gap-2">
          {product.approved ? (
            <Button variant="secondary" onClick={() => setAction('unapprove')}>
              {t('editor.approval.unapprove')}
            </Button>
          ) : (
            <Button onClick={() => setAction('approve')}>{t('editor.approval.approve')}</Button>
          )}
          {isAdmin && (
            <Button variant="secondary" className="text-red-700" onClick={() => setAction('delete')}>
              {t('editor.approval.delete')}
            </Button>
          )}
        </div>
      )}
      {done && (
        <p role="status" className="text-sm font-medium text-green-800">
          {done}
        </p>
      )}
      {action && (
        <NoteDialog
          action={action}
          onConfirm={run}
          onClose={() => {
            setAction(null);
          }}
        />
      )}
    </EditorSection>
  );
}
