import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_STATUSES, type ConversationListQuery, type ConversationStatus } from '#shared/schemas/conversations';
import { AlertText } from '#web/components/alert-text.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { SearchFilter } from '#web/components/list-filters.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { chatWithBuyer, revalidateConversations, useConversations, type Conversation } from './api/conversations.ts';
import { useConversationEvents } from './api/use-conversation-events.ts';
import { ChatPanel } from './chat-panel.tsx';
import { useDateTime } from './use-date-time.ts';

/**
 * /app/conversations: the inbox (status tabs, search, unread counts) beside the open chat. New
 * messages arrive through the live stream, or by polling while it is down. On a phone the list and
 * the chat take turns.
 */
export function InboxPage() {
  const { t } = useTranslation('conversations');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const status = (CONVERSATION_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as ConversationStatus)
    : 'all';
  const q = params.get('q') ?? '';
  const conversationId = params.get('conversationId') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const live = useConversationEvents(() => void revalidateConversations());
  const query: ConversationListQuery = { status, page, ...(q ? { q } : {}), ...(conversationId ? { conversationId } : {}) };
  const { data, error, isLoading } = useConversations(query, { polling: !live });
  const orderId = params.get('orderId');
  const [openError, setOpenError] = useState<unknown>(null);

  const go = (change: Record<string, string | undefined>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace });
  };

  // /conversations?orderId=<vendor order>: the order screen's way in; the conversation with its buyer opens.
  const openConversation = useEffectEvent((conversationId: string) => go({ orderId: undefined, conversationId }, true));
  useEffect(() => {
    if (!orderId) return;
    chatWithBuyer(orderId).then(
      (answer) => openConversation(answer.conversationId),
      (failure: unknown) => setOpenError(failure),
    );
  }, [orderId]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{t('title')}</h1>
        <p className="text-xs text-gray-500" data-testid="live-state">
          {live ? t('live') : t('polling')}
        </p>
      </div>
      {openError !== null && <AlertText>{errorMessage(openError)}</AlertText>}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-label={t('inbox')} className={`space-y-3 ${conversationId ? 'hidden lg:block' : ''}`}>
          <div role="tablist" aria-label={t('status.label')} className="flex gap-1 rounded-lg bg-gray-100 p-1">
            {CONVERSATION_STATUSES.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={status === value}
                onClick={() => go({ status: value === 'all' ? undefined : value, page: undefined })}
                className={`flex-1 rounded-md px-2 py-1.5 text-sm font-medium ${status === value ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900'}`}
              >
                {t(`status.${value}`)}
              </button>
            ))}
          </div>
          <SearchFilter
            id="conversation-search"
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            value={q}
            onSearch={(text) => go({ q: text || undefined, page: undefined }, true)}
          />
          {isLoading && !data ? (
            <LoadingBlock />
          ) : error && !data ? (
            <AlertText>{errorMessage(error)}</AlertText>
          ) : data && data.conversations.length === 0 ? (
            <p className="rounded-lg bg-white px-4 py-8 text-center text-sm text-gray-600 ring-1 ring-gray-200">
              {q || status !== 'all' ? t('empty.filtered') : t('empty.none')}
            </p>
          ) : (
            <ul className="divide-y divide-gray-100 overflow-hidden rounded-lg bg-white ring-1 ring-gray-200">
              {data?.conversations.map((conversation) => (
                <ConversationRow
                  key={conversation.conversationId}
                  conversation={conversation}
                  isOpen={conversation.conversationId === conversationId}
                  onOpen={() => go({ conversationId: conversation.conversationId })}
                />
              ))}
            </ul>
          )}
          {data && data.pageCount > 1 && (
            <nav aria-label={t('pages')} className="flex items-center justify-between text-sm">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => go({ page: String(page - 1) })}
                className="text-indigo-700 disabled:text-gray-400"
              >
                {t('previous')}
              </button>
              <span>{t('pageOf', { page, count: data.pageCount })}</span>
              <button
                type="button"
                disabled={page >= data.pageCount}
                onClick={() => go({ page: String(page + 1) })}
                className="text-indigo-700 disabled:text-gray-400"
              >
                {t('next')}
              </button>
            </nav>
          )}
        </section>
        <section aria-label={t('chat.label')} className={conversationId ? '' : 'hidden lg:block'}>
          {conversationId && data?.conversation ? (
            <ChatPanel
              conversation={data.conversation}
              messages={data.messages}
              onBack={() => go({ conversationId: undefined })}
              onGone={() => go({ conversationId: undefined }, true)}
            />
          ) : conversationId && error ? (
            <AlertText>{errorMessage(error)}</AlertText>
          ) : (
            <p className="rounded-lg bg-white px-4 py-16 text-center text-sm text-gray-600 ring-1 ring-gray-200">{t('chat.none')}</p>
          )}
        </section>
      </div>
    </div>
  );
}

function ConversationRow({ conversation, isOpen, onOpen }: { conversation: Conversation; isOpen: boolean; onOpen: () => void }) {
  const { t } = useTranslation('conversations');
  const when = useDateTime();
  const subject = conversation.product?.title ?? conversation.order?.name ?? '';
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={isOpen || undefined}
        className={`block w-full px-4 py-3 text-left hover:bg-gray-50 ${isOpen ? 'bg-indigo-50' : ''}`}
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate text-sm ${conversation.unreadCount > 0 ? 'font-bold text-gray-900' : 'font-medium text-gray-800'}`}>
            {conversation.with}
          </span>
          <span className="shrink-0 text-xs text-gray-500">{when(conversation.lastMessageCreatedAt)}</span>
        </span>
        {subject && <span className="block truncate text-xs text-gray-500">{subject}</span>}
        <span className="mt-1 flex items-center justify-between gap-2">
          <span className="truncate text-sm text-gray-600">{conversation.lastMessage}</span>
          {conversation.unreadCount > 0 ? (
            <span
              className="shrink-0 rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white"
              aria-label={t('unread', { count: conversation.unreadCount })}
            >
              {conversation.unreadCount}
            </span>
          ) : !conversation.isAnswered ? (
            <span className="shrink-0 text-xs text-amber-700">{t('unanswered')}</span>
          ) : null}
        </span>
      </button>
    </li>
  );
}
