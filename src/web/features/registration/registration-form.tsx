import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AccountLanguageSchema } from '#shared/schemas/account';
import type { StoreRegistration, VendorApplication } from '#shared/schemas/registration';
import { HttpError } from '#web/api/http-error.ts';
import { Button } from '#web/components/button.tsx';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { TextInput } from '#web/components/form/text-input.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { BusyLabel } from '#web/components/media/busy-label.tsx';
import { emptyApplication, listedMessages, toFormErrors, type ApplicationFormValues } from './application-form.ts';
import { applicationResolver } from './application-resolver.ts';
import { RegistrationFieldInput } from './registration-field-input.tsx';
import { submitApplication } from './api/submit-application.ts';

/** The application form: email, vendor name, then the store's own fields in its order. */
export function RegistrationForm({
  registration,
  vendorWord,
  onSubmitted,
}: {
  registration: StoreRegistration;
  vendorWord: { vendor: string; Vendor: string };
  onSubmitted: () => void;
}) {
  const { t, i18n } = useTranslation('registration');
  const text = useMessageText();
  const fields = registration.registrationFields;
  const resolver = useMemo(() => applicationResolver(fields, registration.store), [fields, registration.store]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ApplicationFormValues, unknown, VendorApplication>({ resolver, defaultValues: emptyApplication(fields) });
  const [submitError, setSubmitError] = useState('');
  // Uploads in flight: the answer is only known once they land, so sending waits for them.
  const [uploadsInFlight, setUploadsInFlight] = useState(0);
  const onBusyChange = (busy: boolean) => setUploadsInFlight((count) => Math.max(0, count + (busy ? 1 : -1)));

  const send = async (application: VendorApplication) => {
    try {
      // The language the applicant reads the form in: its mails and its account will speak it.
      await submitApplication({ ...application, language: AccountLanguageSchema.safeParse(i18n.resolvedLanguage).data });
      onSubmitted();
    } catch (error) {
      if (error instanceof HttpError) {
        const fieldErrors = toFormErrors(listedMessages(error.fieldErrors), fields);
        if (fieldErrors.email) setError('email', fieldErrors.email);
        if (fieldErrors.vendorName) setError('vendorName', fieldErrors.vendorName);
        fields.forEach((_, index) => {
          const message = fieldErrors.answers?.[index]?.message;
          if (message) setError(`answers.${index}`, { type: 'server', message });
        });
      }
      // The answer's message field (HttpError carries it), else whatever the error says.
      setSubmitError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setSubmitError('');
        void handleSubmit(send)(event);
      }}
      className="space-y-6"
    >
      <ControlledField control={control} name="email" id="registration-email" label={t('email')} required>
        {(props) => <TextInput {...props} type="email" autoComplete="email" />}
      </ControlledField>
      <ControlledField control={control} name="vendorName" id="registration-vendor-name" label={t('vendorName', vendorWord)} required>
        {(props) => <TextInput {...props} autoComplete="organization" />}
      </ControlledField>
      {fields.map((definition, index) => (
        <Controller
          key={definition.key}
          control={control}
          name={`answers.${index}`}
          render={({ field, fieldState }) => (
            <RegistrationFieldInput
              field={definition}
              id={`registration-field-${index}`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
              store={registration.store}
              onBusyChange={onBusyChange}
            />
          )}
        />
      ))}
      <div>
        <Button type="submit" className="w-full" loading={isSubmitting} disabled={uploadsInFlight > 0}>
          {isSubmitting ? t('submitting') : t('submit')}
        </Button>
        {uploadsInFlight > 0 && (
          <div className="mt-2">
            <BusyLabel label={t('waitForUploads')} />
          </div>
        )}
        {submitError && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-600">
            {text(submitError)}
          </p>
        )}
      </div>
      {/* Reached when validation fails anywhere: nothing else on screen says why the button did nothing. */}
      {Object.keys(errors).length > 0 && (
        <span className="sr-only" role="status">
          {t('fixErrors')}
        </span>
      )}
    </form>
  );
}
