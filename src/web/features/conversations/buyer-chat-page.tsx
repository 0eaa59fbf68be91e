import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX } from '#shared/schemas/conversations';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { conversationOfToken, sendBuyerMessage, useBuyerConversation } from './api/buyer-chat.ts';
import { useDateTime } from './use-date-time.ts';

/**
 * /app/chat/:token: the buyer's side of one conversation, opened from the link in the
 * buyer-new-message mail (no account: the token is the key). Live through the event stream
 * (EventSource with ?token=), polling while it is down.
 */
export function BuyerChatPage() {
  const { t } = useTranslation('conversations');
  usePageTitle(t('buyer.title'));
  const token = useParams().token ?? '';
  const conversationId = conversationOfToken(token) ?? '';
  const [live, setLive] = useState(false);
  const { data, error, mutate } = useBuyerConversation(token, conversationId, { polling: !live });
  const when = useDateTime();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState('');

  const refresh = useEffectEvent(() => void mutate());
  useEffect(() => {
    const source = new EventSource(`/api/conversations/events?token=${encodeURIComponent(token)}`);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener('conversation', () => refresh());
    return () => source.close();
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setSendError('');
    try {
      await sendBuyerMessage(token, conversationId, text.trim());
      setText('');
      await mutate();
    } catch (failure) {
      setSendError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Card width="large">
        {error && !data ? (
          <AlertText>{errorMessage(error)}</AlertText>
        ) : !data?.conversation ? (
          <LoadingBlock />
        ) : (
          <div className="space-y-4">
            <div>
              <h1 className="text-xl font-semibold text-gray-900">{t('buyer.with', { name: data.conversation.with })}</h1>
              {data.conversation.product && <p className="text-sm text-gray-500">{data.conversation.product.title}</p>}
            </div>
            <ol className="max-h-[60vh] space-y-3 overflow-y-auto" aria-label={t('chat.messages')}>
              {data.messages.map((message) => (
                <li key={message.id} className={`flex ${message.sender === 'buyer' ? 'justify-end' : 'justify-start'}`}>
                  <div
                    className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${message.sender === 'buyer' ? 'bg-indigo-600 text-white' : 'bg-gray-100 text-gray-900'}`}
                  >
                    <p className={`text-xs ${message.sender === 'buyer' ? 'text-indigo-100' : 'text-gray-500'}`}>
                      {message.senderName} · {when(message.createdAt)}
                    </p>
                    {message.text && <p className="whitespace-pre-wrap break-words">{message.text}</p>}
                    {message.image && <img src={message.image} alt={t('chat.image')} className="mt-1 max-h-60 rounded" />}
                  </div>
                </li>
              ))}
            </ol>
            <form onSubmit={submit} className="space-y-2">
              {sendError && <AlertText>{sendError}</AlertText>}
              <label htmlFor="buyer-message" className="sr-only">
                {t('composer.label')}
              </label>
              <textarea
                id="buyer-message"
                value={text}
                maxLength={MESSAGE_MAX}
                rows={3}
                onChange={(event) => setText(event.target.value)}
                className="block w-full rounded-md border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-inset ring-gray-300 focus:ring-2 focus:ring-indigo-600"
              />
              <div className="flex items-center justify-end gap-3">
                <span className="text-xs text-gray-500">
                  {text.length}/{MESSAGE_MAX}
                </span>
                <Button type="submit" loading={busy} disabled={!text.trim()}>
                  {t('composer.send')}
                </Button>
              </div>
            </form>
          </div>
        )}
      </Card>
    </div>
  );
}
