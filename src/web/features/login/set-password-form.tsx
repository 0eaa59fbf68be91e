import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ChangePasswordUpdateSchema } from '#shared/schemas/auth';
import { postChangePasswordUpdate } from '#web/api/auth.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LabelledInput } from '#web/components/form/labelled-input.tsx';

interface SetPasswordFormProps {
  store: string;
  email: string;
  defaultCode: string;
  submitLabel: string;
  /** True when step 1 just mailed the code, to say where it went. */
  codeWasSent: boolean;
  onDone: () => void;
}

/** Step 2: code, new password and its confirmation; a 201 also signs the user in. */
export function SetPasswordForm({ store, email, defaultCode, submitLabel, codeWasSent, onDone }: SetPasswordFormProps) {
  const { t } = useTranslation('login');
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ChangePasswordUpdateSchema),
    defaultValues: { store, email, code: defaultCode, password: '', confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError('');
    try {
      await postChangePasswordUpdate(values);
      onDone();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form className="mt-8 space-y-5" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-gray-600">
        {codeWasSent ? t('changePassword.codeSent', { email }) : t('changePassword.forEmail', { email })}
      </p>
      <input type="hidden" {...register('store')} />
      <input type="hidden" {...register('email')} />
      <LabelledInput
        label={t('changePassword.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
      <LabelledInput
        label={t('changePassword.password')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <LabelledInput
        label={t('changePassword.confirmation')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmation?.message}
        {...register('confirmation')}
      />
      <Button type="submit" className="w-full" loading={isSubmitting}>
        {submitLabel}
      </Button>
      <AlertText>{serverError || errors.email?.message || errors.store?.message}</AlertText>
    </form>
  );
}
