import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderDetailAnswer } from '../api/order-detail.ts';
import { amount, amountHeader, th, td } from '../list/order-table.tsx';
import { useMoney } from '#web/components/use-money.ts';
import { CardTable } from '#web/components/card-table.tsx';
import { EditorSection } from '#web/components/editor-section.tsx';
import { ProductThumbnail } from '#web/components/media/product-thumbnail.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';

/** What was bought from this vendor: each line with its product (as it is now, when it still exists), quantities, price and commission. */
export function OrderLines({ order, variantDetails }: Pick<OrderDetailAnswer, 'order' | 'variantDetails'>) {
  const { t } = useTranslation('orders');
  const words = useWordingValues();
  const money = useMoney();
  return (
    <EditorSection title={t('detail.lines.title')}>
      <div className="-mx-6 scroll-box">
        <CardTable
          className="min-w-full divide-y divide-gray-200"
          labels={[
            null,
            t('detail.lines.variant'),
            t('detail.lines.sku'),
            t('detail.lines.quantity'),
            t('detail.lines.fulfilled'),
            t('detail.lines.price'),
            words.Commission,
          ]}
        >
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className={th}>
                {t('detail.lines.product')}
              </th>
              <th scope="col" className={th}>
                {t('detail.lines.variant')}
              </th>
              <th scope="col" className={th}>
                {t('detail.lines.sku')}
              </th>
              <th scope="col" className={amountHeader}>
                {t('detail.lines.quantity')}
              </th>
              <th scope="col" className={amountHeader}>
                {t('detail.lines.fulfilled')}
              </th>
              <th scope="col" className={amountHeader}>
                {t('detail.lines.price')}
              </th>
              <th scope="col" className={amountHeader}>
                {words.Commission}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {order.lines.map((line) => {
              const variant = line.variantId ? variantDetails[line.variantId] : undefined;
              return (
                <tr key={line.id} data-testid="line-row">
                  <th scope="row" className="card-title px-3 py-3 text-left text-sm font-medium text-gray-900">
                    <span className="flex items-center gap-3">
                      <ProductThumbnail src={variant?.image ?? null} />
                      {variant ? (
                        <Link
                          to={`/products/${variant.productId}`}
                          className="hover:text-indigo-600 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                        >
                          {line.title}
                        </Link>
                      ) : (
                        line.title
                      )}
                    </span>
                  </th>
                  <td className={td}>{line.variantTitle || '—'}</td>
                  <td className={td}>{line.sku || '—'}</td>
                  <td className={amount}>{line.quantity}</td>
                  <td className={amount} data-testid="fulfilled-quantity">
                    {line.fulfilledQuantity}
                  </td>
                  <td className={amount}>{money(line.price, order.currency)}</td>
                  <td className={amount}>{money(line.commission, order.currency)}</td>
                </tr>
              );
            })}
          </tbody>
        </CardTable>
      </div>
    </EditorSection>
  );
}
