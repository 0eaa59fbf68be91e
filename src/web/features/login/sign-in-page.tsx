import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoginSchema } from '#shared/schemas/auth';
import { postLogin } from '../../api/auth.ts';
import { useStoreRegistration } from '../../api/public-store.ts';
import { AlertText } from '../../components/alert-text.tsx';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { errorMessage } from '../../components/error-message.ts';
import { LabelledInput } from '../../components/form/labelled-input.tsx';
import { useLoadingOverlay } from '../../components/loading-overlay.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { usePageTitle } from '../../components/use-page-title.tsx';
import { isEmbedded } from '../../session/session-store.ts';

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

function SignInForm({ store }: { store: string }) {
  const { t } = useTranslation('login');
  const { search } = useLocation();
  const setLoading = useLoadingOverlay();
  const [serverError, setServerError] = useState('');
  const [openedInNewTab, setOpenedInNewTab] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(LoginSchema), defaultValues: { store, email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError('');
    setOpenedInNewTab(false);
    try {
      await postLogin(values);
    } catch (error) {
      setServerError(errorMessage(error));
      return;
    }
    // Spec §4: embedded, the app opens in its own tab (a frame cannot host the whole back-office);
    // otherwise a reload starts the app with the new session cookie.
    if (isEmbedded()) {
      window.open('/app', '_blank', 'noopener');
      setOpenedInNewTab(true);
    } else {
      setLoading(true);
      window.location.reload();
    }
  });

  return (
    <form className="mt-8 space-y-5" onSubmit={onSubmit} noValidate>
      <input type="hidden" {...register('store')} />
      <LabelledInput label={t('signIn.email')} type="email" autoComplete="username" error={errors.email?.message} {...register('email')} />
      <LabelledInput
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {t('signIn.submit')}
      </Button>
      <AlertText>{serverError || errors.store?.message}</AlertText>
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
    </form>
  );
}
