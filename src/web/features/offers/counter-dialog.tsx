import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CounterOfferFormSchema, type Offer } from '#shared/schemas/offers';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { DialogActions, DialogFrame } from '#web/components/dialog-frame.tsx';
import { useSchemaForm } from '#web/components/form/settings-section.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { actOnOffer, revalidateOffers } from './api/offers.ts';
import { useOfferFormat } from './use-offer-format.ts';

/** The counter-offer: an amount per unit between the buyer's offer and the price. Mounted when it opens. */
export function CounterDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t } = useTranslation('offers');
  const { money } = useOfferFormat();
  const { form, submit } = useSchemaForm({
    schema: CounterOfferFormSchema,
    values: { counterOffer: '' },
    savedText: t('counter.toast'),
    save: async ({ counterOffer }) => {
      await actOnOffer({ id: offer.id, action: 'counter', counterOffer });
      await revalidateOffers();
      onClose();
    },
  });
  const { isSubmitting } = form.formState;
  const close = () => {
    if (!isSubmitting) onClose();
  };
  return (
    <DialogFrame open onClose={close} title={t('counter.title')}>
      <FormProvider {...form}>
        <form onSubmit={submit.onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-gray-700">
            {t('counter.explain', { amount: money(offer.amount, offer.currency), price: money(offer.price, offer.currency) })}
          </p>
          <TextField name="counterOffer" inputMode="decimal" label={t('counter.amount', { currency: offer.currency })} autoFocus />
          {submit.state.kind === 'failed' && !submit.state.hasFieldErrors && <AlertText>{submit.failure}</AlertText>}
          <DialogActions>
            <Button variant="secondary" onClick={close} disabled={isSubmitting}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('counter.submit')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </DialogFrame>
  );
}
