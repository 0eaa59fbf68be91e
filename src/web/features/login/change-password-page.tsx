import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStoreRegistration } from '#web/api/public-store.ts';
import { Card } from '#web/components/card.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { PasswordChanged } from './password-changed.tsx';
import { RequestCodeForm } from './request-code-form.tsx';
import { SetPasswordForm } from './set-password-form.tsx';

type Step = { name: 'request' } | { name: 'update'; email: string } | { name: 'done' };

/**
 * Step 1 mails a code, step 2 sets the password with it. A link from an invitation or a
 * reset mail carries code and email, which skips step 1 and reads "Set your password".
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('login');
  const { search } = useLocation();
  const [params] = useSearchParams();
  const presetCode = params.get('code') ?? '';
  const presetEmail = params.get('email') ?? '';
  const isSetFromLink = presetCode !== '' && presetEmail !== '';
  const [step, setStep] = useState<Step>(isSetFromLink ? { name: 'update', email: presetEmail } : { name: 'request' });
  const heading = isSetFromLink ? t('changePassword.setTitle') : t('changePassword.resetTitle');
  usePageTitle(heading);
  const { data } = useStoreRegistration();

  return (
    <Card>
      <h1 className="text-center text-2xl font-bold tracking-tight text-gray-900">{heading}</h1>
      {!data ? (
        <LoadingBlock />
      ) : step.name === 'request' ? (
        <RequestCodeForm store={data.store} defaultEmail={presetEmail} onSent={(email) => setStep({ name: 'update', email })} />
      ) : step.name === 'update' ? (
        <SetPasswordForm
          store={data.store}
          email={step.email}
          defaultCode={presetCode}
          submitLabel={isSetFromLink ? t('changePassword.submitSet') : t('changePassword.submitChange')}
          codeWasSent={!isSetFromLink}
          onDone={() => setStep({ name: 'done' })}
        />
      ) : (
        <PasswordChanged />
      )}
      {step.name !== 'done' && (
        <p className="mt-6 text-center text-sm">
          <Link
            to={{ pathname: '/login', search: withoutCode(search) }}
            className="font-semibold text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {t('changePassword.loginInstead')}
          </Link>
        </p>
      )}
    </Card>
  );
}

/** The sign-in page keeps the store of the query, but a reset code has no business in its address. */
function withoutCode(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('code');
  params.delete('email');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
