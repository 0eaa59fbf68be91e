import { useTranslation } from 'react-i18next';
import type { AuditQuery } from '#shared/schemas/audit';
import { EditorSection } from '#web/components/editor-section.tsx';
import { ChangeHistory } from './change-history.tsx';

/** An object's screen's "Change history" panel: its history (and its parts'), newest first. */
export function HistorySection({ query }: { query: Omit<AuditQuery, 'after' | 'limit'> }) {
  const { t } = useTranslation('change-history');
  return (
    <EditorSection title={t('label')}>
      <ChangeHistory query={query} />
    </EditorSection>
  );
}
