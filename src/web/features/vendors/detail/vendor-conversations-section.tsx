import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VendorOverview } from '#shared/schemas/vendors';
import { formatDateTime } from '#web/components/format-date.ts';
import { textLinkClass } from '#web/components/link-styles.ts';
import { LatestList, VendorSection, latestItem } from './vendor-section.tsx';

/** The vendor's latest conversations with buyers, and how many wait for the vendor to read them. */
export function VendorConversationsSection({ conversations }: { conversations: VendorOverview['conversations'] }) {
  const { t } = useTranslation('vendors');
  return (
    <VendorSection title={t('detail.conversations.title', { count: conversations.count })}>
      {conversations.unread > 0 && (
        <p className="mb-2 font-medium text-amber-800">{t('detail.conversations.unread', { count: conversations.unread })}</p>
      )}
      <LatestList empty={t('detail.conversations.empty')} count={conversations.latest.length}>
        {conversations.latest.map((c) => {
          const buyer = c.buyerName || t('detail.conversations.someBuyer');
          return (
            <li key={c.conversationId} className={latestItem}>
              <Link
                to={`/conversations?${new URLSearchParams({ conversationId: c.conversationId })}`}
                className={`min-w-0 break-words ${textLinkClass}`}
              >
                {c.subject ? t('detail.conversations.about', { buyer, subject: c.subject }) : buyer}
              </Link>
              <span className="text-gray-600">{formatDateTime(c.lastMessageAt)}</span>
            </li>
          );
        })}
      </LatestList>
    </VendorSection>
  );
}
