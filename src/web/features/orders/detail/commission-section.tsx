import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { OrderCommissionBodySchema, type OrderCommissionBody } from '#shared/schemas/orders';
import { FormCard } from '#web/components/form/form-card.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import type { OrderDetail } from '../api/order-detail.ts';
import { overrideCommission, type OrderCommissionAnswer } from '../api/override-commission.ts';
import { OrderField } from '../order-field.tsx';
import { useMoney } from '#web/components/use-money.ts';
import { useMessageText } from '#web/components/form/message-text.ts';
import { EditorSection } from '#web/components/editor-section.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';

const resolver = zodResolver(OrderCommissionBodySchema);

/**
 * For admins: this vendor's commission on this order, a flat amount plus a percentage of the goods,
 * instead of the commission lines that applied. A paid-out order keeps its commission.
 */
export function CommissionSection({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const words = useWordingValues();
  const money = useMoney();
  const text = useMessageText('orders');
  const [saved, setSaved] = useState<OrderCommissionAnswer | null>(null);
  const form = useForm<z.input<typeof OrderCommissionBodySchema>, unknown, OrderCommissionBody>({
    resolver,
    // The override in force, if any; otherwise the admin starts from empty fields.
    defaultValues: { vendor: order.vendor, orderId: order.orderId, ...order.commissionOverride },
  });
  const submit = useFormSave(form, {
    save: overrideCommission,
    onSaved: setSaved,
    savedText: t('detail.commission.toast'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  const title = t('detail.commission.title', words);
  const current = (
    <p className="mt-1 text-sm text-gray-600" data-testid="current-commission">
      {t('detail.commission.current', { ...words, amount: money(order.commission, order.currency) })}
    </p>
  );

  if (order.payout === 'paid') {
    return (
      <EditorSection title={title}>
        {current}
        <p className="text-sm text-gray-600">{t('detail.commission.paid', words)}</p>
      </EditorSection>
    );
  }
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="commission-title"
      title={title}
      intro={
        <>
          {current}
          <p className="mt-1 text-sm text-gray-600">{t('detail.commission.intro', words)}</p>
        </>
      }
      status={
        submit.state.kind === 'saved' &&
        saved && (
          <p role="status" className="text-sm font-medium text-green-800">
            {t('detail.commission.saved', {
              ...words,
              amount: money(saved.commission, order.currency),
              share: money(saved.vendorShare, order.currency),
            })}
          </p>
        )
      }
      saveLabel={t('detail.commission.submit')}
    >
      <div className="grid gap-4 px-6 py-5 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <OrderField name="flat" label={t('detail.commission.flat', { currency: order.currency })} inputMode="decimal" />
        <OrderField name="percentage" label={t('detail.commission.percentage')} numeric min={0} max={100} step="any" inputMode="decimal" />
      </div>
    </FormCard>
  );
}
