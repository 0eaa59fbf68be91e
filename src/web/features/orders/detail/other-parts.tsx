import { useTranslation } from 'react-i18next';
import type { OrderDetailAnswer } from '../api/order-detail.ts';
import { OrderTable } from '../list/order-table.tsx';
import { EditorSection } from '#web/components/editor-section.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';

/** For admins: the other vendors' parts of the same buyer's order, each a link to its own page. */
export function OtherParts({ order, adminOrders }: Pick<OrderDetailAnswer, 'order' | 'adminOrders'>) {
  const { t } = useTranslation('orders');
  const words = useWordingValues();
  const others = adminOrders.filter((part) => part.id !== order.id);
  const title = t('detail.otherParts.title', words);
  return (
    <EditorSection title={title}>
      {others.length === 0 ? (
        <p className="text-sm text-gray-600">{t('detail.otherParts.empty', { ...words, name: order.vendor })}</p>
      ) : (
        <OrderTable orders={others} caption={title} showVendor />
      )}
    </EditorSection>
  );
}
