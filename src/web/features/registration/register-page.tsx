import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoreRegistration } from '#web/api/public-store.ts';
import { Card } from '#web/components/card.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { capitalize } from '#web/components/wordings.ts';
import { RegistrationForm } from './registration-form.tsx';
import { scrollToTop } from './scroll-to-top.ts';

/** The vendor application screen, mounted as /app/login/register inside the branded login layout. */
export function RegisterPage() {
  const { t } = useTranslation('registration');
  const text = useMessageText();
  const { data: registration, error, isLoading } = useStoreRegistration();
  const [isSubmitted, setSubmitted] = useState(false);

  // The store's own word for vendor: as written mid-sentence, capitalised where it opens a label.
  const vendor = registration?.wordings.vendor?.trim() || t('vendorDefault');
  const vendorWord = { vendor, Vendor: capitalize(vendor) };
  const title = registration?.requireApproval === false ? t('title.createAccount', vendorWord) : t('title.application', vendorWord);
  usePageTitle(title);

  return (
    // Wide enough for the 490px video and the media previews.
    <Card width="large">
      {isLoading ? (
        <LoadingBlock />
      ) : error || !registration ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error instanceof Error && error.message ? text(error.message) : t('loadFailed')}
        </p>
      ) : (
        <div className="space-y-6">
          <h1 className="text-center text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
          {!registration.requireApproval ? (
            <p className="text-center text-sm text-gray-700">{t('disabled')}</p>
          ) : isSubmitted ? (
            <div role="status" className="space-y-2 rounded-md bg-green-50 p-4 text-sm text-green-800">
              <p className="font-medium">{t('thankYou')}</p>
              <p>{t('confirmEmail')}</p>
            </div>
          ) : (
            <RegistrationForm
              registration={registration}
              vendorWord={vendorWord}
              onSubmitted={() => {
                setSubmitted(true);
                scrollToTop();
              }}
            />
          )}
        </div>
      )}
    </Card>
  );
}
