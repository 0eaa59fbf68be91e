import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OfferCheckoutFormSchema, type BuyerOffer } from '#shared/schemas/offers';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { useMessageText } from '#web/components/form/message-text.ts';
import { useSchemaForm } from '#web/components/form/settings-section.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { CodePickerField } from '#web/components/form/code-picker.tsx';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { answerCounterOffer, checkOutOffer, useBuyerOffer } from './api/buyer-offer.ts';
import { OfferHistory } from './offer-history.tsx';
import { OfferStatusBadge } from './status-badge.tsx';
import { useOfferFormat } from './use-offer-format.ts';

/**
 * /app/offer/:token: the buyer's page of one offer, from the link in its mails (no account: the
 * token is the key). The buyer accepts or declines a counter-offer here, then checks out at the
 * agreed price through the built-in checkout while the seller holds the stock.
 */
export function BuyerOfferPage() {
  const { t } = useTranslation('offers');
  usePageTitle(t('buyer.title'));
  const token = useParams().token ?? '';
  const text = useMessageText('offers');
  const { data, error, mutate } = useBuyerOffer(token);
  const { money, when } = useOfferFormat();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [answerError, setAnswerError] = useState('');
  const offer = data?.offer;

  const answer = async (action: 'accept' | 'decline') => {
    setBusy(action);
    setAnswerError('');
    try {
      await mutate(await answerCounterOffer(token, action), { revalidate: false });
    } catch (failure) {
      setAnswerError(text(errorMessage(failure)));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Card width="large">
        {error && !data ? (
          <AlertText>{text(errorMessage(error))}</AlertText>
        ) : !offer ? (
          <LoadingBlock />
        ) : (
          <div className="space-y-6">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h1 className="text-xl font-semibold text-gray-900">
                  {offer.variantTitle ? `${offer.productTitle} (${offer.variantTitle})` : offer.productTitle}
                </h1>
                <p className="text-sm text-gray-600">{t('buyer.seller', { vendor: offer.vendorName })}</p>
              </div>
              <OfferStatusBadge status={offer.status} />
            </div>
            <p className="text-sm text-gray-700">
              {t('buyer.yourOffer', {
                amount: money(offer.amount, offer.currency),
                quantity: offer.quantity,
                price: money(offer.price, offer.currency),
              })}
            </p>

            {offer.status === 'countered' && offer.counterOffer && (
              <section aria-labelledby="counter-title" className="space-y-3 rounded-lg bg-blue-50 p-4">
                <h2 id="counter-title" className="font-semibold text-gray-900">
                  {t('buyer.counterTitle', { amount: money(offer.counterOffer, offer.currency) })}
                </h2>
                {offer.expiresAt && <p className="text-sm text-gray-700">{t('buyer.answerUntil', { when: when(offer.expiresAt) })}</p>}
                <AlertText>{answerError}</AlertText>
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => void answer('accept')} loading={busy === 'accept'} disabled={!!busy}>
                    {t('buyer.acceptCounter')}
                  </Button>
                  <Button variant="secondary" onClick={() => void answer('decline')} loading={busy === 'decline'} disabled={!!busy}>
                    {t('buyer.declineCounter')}
                  </Button>
                </div>
              </section>
            )}
            {offer.status === 'pending' && <p className="text-sm text-gray-700">{t('buyer.waiting')}</p>}
            {offer.status === 'rejected' && <p className="text-sm text-gray-700">{t('buyer.rejected')}</p>}
            {offer.status === 'completed' && (
              <p className="rounded-lg bg-green-50 p-4 text-sm font-medium text-green-800">
                {t('buyer.completed', { order: offer.orderName ?? '' })}
              </p>
            )}
            {offer.status === 'accepted' && <OfferCheckout token={token} offer={offer} onPlaced={() => void mutate()} />}

            <section aria-labelledby="history-title">
              <h2 id="history-title" className="mb-2 text-sm font-semibold text-gray-900">
                {t('history.label')}
              </h2>
              <OfferHistory history={offer.history} currency={offer.currency} />
            </section>
          </div>
        )}
      </Card>
    </div>
  );
}

/** The checkout at the agreed price: the buyer's address, then the built-in checkout makes the order. */
function OfferCheckout({ token, offer, onPlaced }: { token: string; offer: BuyerOffer; onPlaced: () => void }) {
  const { t } = useTranslation('offers');
  const { money, when } = useOfferFormat();
  const [checkoutId] = useState(() => crypto.randomUUID());
  const { form, submit } = useSchemaForm({
    schema: OfferCheckoutFormSchema,
    values: {
      email: offer.buyerEmail,
      address: { name: '', company: '', street1: '', street2: '', city: '', zip: '', province: '', country: '', phone: '' },
    },
    savedText: t('buyer.toast'),
    save: async (values) => {
      await checkOutOffer(token, {
        store: offer.store,
        checkoutId,
        email: values.email,
        address: values.address,
        lines: [{ variantId: offer.variantId, quantity: offer.quantity }],
      });
      onPlaced();
    },
  });
  return (
    <section aria-labelledby="checkout-title" className="space-y-4 rounded-lg bg-green-50 p-4">
      <div>
        <h2 id="checkout-title" className="font-semibold text-gray-900">
          {t('buyer.checkoutTitle', { amount: money(offer.agreedAmount ?? offer.amount, offer.currency), quantity: offer.quantity })}
        </h2>
        {offer.expiresAt && <p className="text-sm text-gray-700">{t('buyer.heldUntil', { when: when(offer.expiresAt) })}</p>}
      </div>
      <FormProvider {...form}>
        <form onSubmit={submit.onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField name="email" type="email" autoComplete="email" label={t('checkout.email')} className="sm:col-span-2" />
          <TextField name="address.name" autoComplete="name" label={t('checkout.name')} className="sm:col-span-2" />
          <TextField name="address.street1" autoComplete="address-line1" label={t('checkout.street')} className="sm:col-span-2" />
          <TextField name="address.zip" autoComplete="postal-code" label={t('checkout.zip')} />
          <TextField name="address.city" autoComplete="address-level2" label={t('checkout.city')} />
          <CodePickerField kind="country" name="address.country" label={t('checkout.country')} />
          <TextField name="address.phone" type="tel" autoComplete="tel" label={t('checkout.phone')} />
          {submit.state.kind === 'failed' && !submit.state.hasFieldErrors && (
            <AlertText className="sm:col-span-2">{submit.failure}</AlertText>
          )}
          <div className="sm:col-span-2">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('checkout.submit')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
