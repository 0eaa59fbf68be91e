import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ChangePasswordRequestSchema } from '#shared/schemas/auth';
import { postChangePasswordRequest } from '#web/api/auth.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LabelledInput } from '#web/components/form/labelled-input.tsx';

/** Step 1: the server mails a code (and answers 201 for any address, so the form reveals no accounts). */
export function RequestCodeForm({ store, defaultEmail, onSent }: { store: string; defaultEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation('login');
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ChangePasswordRequestSchema), defaultValues: { store, email: defaultEmail } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError('');
    try {
      await postChangePasswordRequest(values);
      onSent(values.email);
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form className="mt-8 space-y-5" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-gray-600">{t('changePassword.requestIntro')}</p>
      <input type="hidden" {...register('store')} />
      <LabelledInput label={t('signIn.email')} type="email" autoComplete="username" error={errors.email?.message} {...register('email')} />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {t('changePassword.sendCode')}
      </Button>
      <AlertText>{serverError || errors.store?.message}</AlertText>
    </form>
  );
}
