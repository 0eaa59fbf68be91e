import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { textLinkClass } from '#web/components/link-styles.ts';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { confirmEmail } from './api/confirm-email.ts';

/**
 * /app/login/confirm-email?token=…: the link mailed to a new sign-in address. Opening it changes
 * nothing (mail scanners open links); the button confirms.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('confirm.title'));
  const [params] = useSearchParams();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const confirm = async () => {
    setState({ kind: 'busy' });
    try {
      await confirmEmail({ token: params.get('token') ?? '' });
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  };
  return (
    <Card>
      <h1 className="text-center text-2xl font-bold tracking-tight text-gray-900">{t('confirm.title')}</h1>
      {state.kind === 'done' ? (
        <div className="mt-6 space-y-4 text-center">
          <p role="status" className="text-sm text-gray-700">
            {t('confirm.done')}
          </p>
          <Link to="/" className={textLinkClass}>
            {t('confirm.continue')}
          </Link>
        </div>
      ) : (
        <div className="mt-6 space-y-4">
          <p className="text-sm text-gray-700">{t('confirm.text')}</p>
          {state.kind === 'failed' && <AlertText>{state.message}</AlertText>}
          <Button className="w-full" loading={state.kind === 'busy'} onClick={() => void confirm()}>
            {t('confirm.button')}
          </Button>
        </div>
      )}
    </Card>
  );
}
