import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { postLogin } from '#web/api/auth.ts';
import { useStoreRegistration } from '#web/api/public-store.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LabelledInput } from '#web/components/form/labelled-input.tsx';
import { useLoadingOverlay } from '#web/components/loading-overlay.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { isEmbedded } from '#web/session/session-store.ts';

export function SignInPage() {
  const { t } = useTranslation('login');
  usePageTitle(t('signIn.title'));
  const { data } = useStoreRegistration();
  return (
    <Card>
      <h1 className="text-center text-2xl font-bold tracking-tight text-gray-900">{t('signIn.title')}</h1>
      {data ? <SignInForm store={data.store} /> : <LoadingBlock />}
    </Card>
  );
}

type LoginErrors = Partial<Record<'store' | 'email' | 'password', string>>;

/**
 * The first screen most people load, so it carries no form library: the form is plain, and the one
 * LoginSchema (the server's rule) arrives in its own chunk, fetched as the form is first used.
 */
const loadLoginSchema = () => import('#shared/schemas/auth').then((m) => m.LoginSchema);

function SignInForm({ store }: { store: string }) {
  const { t } = useTranslation('login');
  const { search } = useLocation();
  const setLoading = useLoadingOverlay();
  const [serverError, setServerError] = useState('');
  const [openedInNewTab, setOpenedInNewTab] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setServerError('');
    setOpenedInNewTab(false);
    const parsed = (await loadLoginSchema()).safeParse({ store, email: data.get('email'), password: data.get('password') });
    if (!parsed.success) {
      const found: LoginErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof LoginErrors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = (['email', 'password'] as const).find((field) => found[field]);
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await postLogin(parsed.data);
    } catch (error) {
      setServerError(errorMessage(error));
      return;
    } finally {
      setSubmitting(false);
    }
    // Embedded, the app opens in its own tab (a frame cannot host the whole back-office);
    // otherwise a reload starts the app with the new session cookie.
    if (isEmbedded()) {
      window.open('/app', '_blank', 'noopener');
      setOpenedInNewTab(true);
    } else {
      setLoading(true);
      window.location.reload();
    }
  };

  return (
    <form
      ref={formRef}
      className="mt-8 space-y-5"
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void loadLoginSchema()}
      noValidate
    >
      <LabelledInput label={t('signIn.email')} name="email" type="email" autoComplete="username" error={errors.email} />
      <LabelledInput label={t('signIn.password')} name="password" type="password" autoComplete="current-password" error={errors.password} />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {t('signIn.submit')}
      </Button>
      <AlertText>{serverError || errors.store}</AlertText>
      {openedInNewTab && (
        <p role="status" className="text-sm text-green-800">
          {t('signIn.openedInNewTab')}
        </p>
      )}
      <p className="text-center text-sm">
        <Link
          to={{ pathname: 'change-password', search }}
          className="font-semibold text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {t('signIn.lostPassword')}
        </Link>
      </p>
      <p className="text-center text-sm text-gray-600">
        {t('signIn.wantToSell')}{' '}
        <Link
          to={{ pathname: 'register', search }}
          className="font-semibold text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {t('signIn.apply')}
        </Link>
      </p>
    </form>
  );
}
