import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { textLinkClass } from '#web/components/link-styles.ts';
import { useVendorProducts } from '../api/vendor-overview.ts';
import { LatestList, VendorSection, latestItem } from './vendor-section.tsx';

/** The vendor's latest products, with their status and whether the marketplace approved them. */
export function VendorProductsSection({ vendor }: { vendor: string }) {
  const { t } = useTranslation('vendors');
  const { data, error, isLoading } = useVendorProducts(vendor);
  const count = data ? `${data.count}${data.countCapped ? '+' : ''}` : '';
  return (
    <VendorSection
      title={data ? t('detail.products.titleCount', { count: data.count, shown: count }) : t('detail.products.title')}
      more={{ to: `/products?${new URLSearchParams({ vendor, status: 'ALL' })}`, label: t('detail.products.all') }}
      isLoading={isLoading}
      error={error}
    >
      {data && (
        <LatestList empty={t('detail.products.empty')} count={data.products.length}>
          {data.products.map((product) => (
            <li key={product.id} className={latestItem}>
              <Link to={`/products/${product.id}`} className={`min-w-0 break-words ${textLinkClass}`}>
                {product.title}
              </Link>
              <span className="text-gray-600">
                {t(`detail.products.status.${product.status}`)}
                {' · '}
                {product.approved ? t('detail.products.approved') : t('detail.products.notApproved')}
              </span>
            </li>
          ))}
        </LatestList>
      )}
    </VendorSection>
  );
}
