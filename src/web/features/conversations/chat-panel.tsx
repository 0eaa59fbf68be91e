import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX, type Participant } from '#shared/schemas/conversations';
import { uploadToProxy } from '#web/api/uploads.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { uploadProblemOf } from '#web/components/media/check-image-file.ts';
import { showToast } from '#web/components/toast.tsx';
import { useUnsavedChangesPrompt } from '#web/components/unsaved-changes.tsx';
import { useSession } from '#web/session/use-session.ts';
import { moderateConversation, sendMessage, type Conversation, type Cta, type Message } from './api/conversations.ts';
import { useDateTime } from './use-date-time.ts';

const CTA_STYLE: Record<Cta['variant'], 'primary' | 'danger' | 'secondary'> = { primary: 'primary', danger: 'danger', info: 'secondary' };

interface ChatPanelProps {
  conversation: Conversation;
  messages: Message[];
  onBack: () => void;
  /** The conversation was deleted (moderation). */
  onGone: () => void;
}

/** One conversation: who and what it is about, its buttons (CTAs), the messages and the reply box. */
export function ChatPanel({ conversation, messages, onBack, onGone }: ChatPanelProps) {
  const { t } = useTranslation('conversations');
  const when = useDateTime();
  const navigate = useNavigate();
  const user = useSession();
  const [prompted, setPrompted] = useState<Cta | null>(null);
  const bottom = useRef<HTMLLIElement>(null);
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, conversation.conversationId]);

  const runCta = (cta: Cta) => {
    if (cta.prompt) setPrompted(cta);
    else if (cta.redirect) navigate(cta.redirect);
  };
  const confirmCta = async (cta: Cta) => {
    const action = new URLSearchParams(cta.callbackUrl?.split('?')[1] ?? '').get('action');
    if (action !== 'ban' && action !== 'delete') return;
    await moderateConversation(conversation.conversationId, action);
    showToast('success', t(`moderation.${action}`));
    if (action === 'delete') onGone();
  };
  // Our own side's messages on the right: the seller's for a vendor, the seller's and the marketplace's for an admin.
  const isOwn = (m: Message) => m.sender !== 'buyer';
  const subject = conversation.product?.title ?? conversation.order?.name;

  return (
    <div className="flex h-[70vh] min-h-96 flex-col overflow-hidden rounded-lg bg-white ring-1 ring-gray-200">
      <header className="space-y-2 border-b border-gray-200 px-4 py-3">
        <div className="flex items-center gap-3">
          <button type="button" onClick={onBack} className="text-sm text-indigo-700 lg:hidden">
            {t('chat.back')}
          </button>
          <div className="min-w-0">
            <h2 className="truncate text-base font-semibold text-gray-900">{conversation.with}</h2>
            <p className="truncate text-xs text-gray-500">
              {[subject, user?.admin ? conversation.seller.name : null, conversation.buyer.email].filter(Boolean).join(' · ')}
            </p>
          </div>
          {conversation.buyer.isBanned && (
            <span className="ml-auto rounded bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">{t('chat.banned')}</span>
          )}
        </div>
        {conversation.ctas.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {conversation.ctas.map((cta) => (
              <Button key={cta.label} variant={CTA_STYLE[cta.variant]} className="!px-2.5 !py-1 text-xs" onClick={() => runCta(cta)}>
                {t(`cta.${cta.label}`, { defaultValue: cta.label })}
              </Button>
            ))}
          </div>
        )}
      </header>
      <ol className="flex-1 space-y-3 overflow-y-auto px-4 py-4" aria-label={t('chat.messages')} aria-live="polite">
        {messages.length === 0 && <li className="text-center text-sm text-gray-500">{t('chat.empty')}</li>}
        {messages.map((message) => (
          <li key={message.id} className={`flex ${isOwn(message) ? 'justify-end' : 'justify-start'}`}>
            <div
              className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${isOwn(message) ? 'bg-indigo-600 text-white' : 'bg-gray-100 text-gray-900'}`}
            >
              <p className={`text-xs ${isOwn(message) ? 'text-indigo-100' : 'text-gray-500'}`}>
                {message.senderName} · {when(message.createdAt)}
              </p>
              {message.text && <p className="whitespace-pre-wrap break-words">{message.text}</p>}
              {message.maskedText !== null && (
                <p
                  className={`mt-1 border-t pt-1 text-xs ${isOwn(message) ? 'border-indigo-400 text-indigo-100' : 'border-gray-300 text-gray-600'}`}
                >
                  <span className="font-medium">{t('chat.partiesRead')}</span>{' '}
                  <span className="whitespace-pre-wrap break-words">{message.maskedText}</span>
                </p>
              )}
              {message.image && (
                <a href={message.image} target="_blank" rel="noreferrer">
                  <img src={message.image} alt={t('chat.image')} className="mt-1 max-h-60 rounded" />
                </a>
              )}
            </div>
          </li>
        ))}
        <li ref={bottom} aria-hidden="true" />
      </ol>
      <Composer conversationId={conversation.conversationId} isAdmin={!!user?.admin} />
      {prompted?.prompt && (
        <ConfirmDialog
          open
          title={t(`cta.${prompted.prompt.title}`, { defaultValue: prompted.prompt.title })}
          confirmLabel={t(`cta.${prompted.prompt.confirmText}`, { defaultValue: prompted.prompt.confirmText })}
          onConfirm={() => confirmCta(prompted)}
          onClose={() => setPrompted(null)}
        >
          {conversation.with}
        </ConfirmDialog>
      )}
    </div>
  );
}

function Composer({ conversationId, isAdmin }: { conversationId: string; isAdmin: boolean }) {
  const { t } = useTranslation('conversations');
  const [text, setText] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [replyAs, setReplyAs] = useState<Participant | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { release } = useUnsavedChangesPrompt(text.trim().length > 0 || !!image);
  useEffect(() => {
    setText('');
    setImage(null);
    setError('');
  }, [conversationId]);

  const attach = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    const problem = await uploadProblemOf(file);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      setImage(await uploadToProxy(file, 'messages'));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() && !image) return;
    setBusy(true);
    setError('');
    try {
      await sendMessage({ conversationId, text: text.trim(), image, replyAs: replyAs || null });
      setText('');
      setImage(null);
      release();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-2 border-t border-gray-200 px-4 py-3">
      {error && <AlertText>{error}</AlertText>}
      <label htmlFor="message-text" className="sr-only">
        {t('composer.label')}
      </label>
      <textarea
        id="message-text"
        value={text}
        maxLength={MESSAGE_MAX}
        rows={2}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event);
        }}
        placeholder={t('composer.placeholder')}
        className="block w-full rounded-md border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-inset ring-gray-300 focus:ring-2 focus:ring-indigo-600"
      />
      {image && (
        <div className="flex items-center gap-2">
          <img src={image} alt={t('chat.image')} className="h-12 w-12 rounded object-cover" />
          <button type="button" onClick={() => setImage(null)} className="text-xs text-red-700">
            {t('composer.removeImage')}
          </button>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <label className="cursor-pointer text-sm font-medium text-indigo-700">
            {t('composer.addImage')}
            <input type="file" accept="image/*" className="sr-only" onChange={(event) => void attach(event.target.files?.[0])} />
          </label>
          {isAdmin && (
            <label className="flex items-center gap-1 text-sm text-gray-700">
              {t('composer.replyAs')}
              <select
                value={replyAs}
                onChange={(event) => setReplyAs(event.target.value as Participant | '')}
                className="rounded-md border-0 py-1 pl-2 pr-7 text-sm ring-1 ring-inset ring-gray-300"
              >
                <option value="">{t('composer.asDefault')}</option>
                <option value="seller">{t('composer.asSeller')}</option>
                <option value="buyer">{t('composer.asBuyer')}</option>
              </select>
            </label>
          )}
        </div>
        <div className="flex items-center gap-3">
          <span className="text-xs text-gray-500">
            {text.length}/{MESSAGE_MAX}
          </span>
          <Button type="submit" loading={busy} disabled={!text.trim() && !image}>
            {t('composer.send')}
          </Button>
        </div>
      </div>
    </form>
  );
}
