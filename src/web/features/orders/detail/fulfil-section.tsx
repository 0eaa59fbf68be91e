import { useEffect, useRef } from 'react';
import { useForm, get, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FulfillBodySchema, type FulfillBody } from '#shared/schemas/orders';
import { AlertText } from '#web/components/alert-text.tsx';
import { FormCard } from '#web/components/form/form-card.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import { fulfillOrder, type FulfillAnswer, type FulfillPayload } from '../api/fulfill-order.ts';
import type { OrderDetail } from '../api/order-detail.ts';
import { amount, amountHeader, th } from '../list/order-table.tsx';
import { NumberCell, OrderField } from '../order-field.tsx';
import { useMessageText } from '#web/components/form/message-text.ts';
import { EditorSection } from '#web/components/editor-section.tsx';
import { textLinkClass } from '#web/components/link-styles.ts';
import { fulfilDefaults, leftToShip, onFormRows, openLines } from './fulfil-form.ts';
import { lineName } from './line-name.ts';

const resolver = zodResolver(FulfillBodySchema);

interface FulfilSectionProps {
  order: OrderDetail;
  /** The last shipment made on this screen, if any. */
  shipment: FulfillAnswer | null;
  onShipped: (answer: FulfillAnswer | null) => void;
}

/**
 * Shipping what is left: the form while something is, then "Shipped" with the next order waiting.
 * The form starts again from the order as read after each shipment (its key is the shipment count).
 */
export function FulfilSection({ order, shipment, onShipped }: FulfilSectionProps) {
  const { t } = useTranslation('orders');
  const lines = openLines(order);
  return (
    <>
      {shipment && <ShippedNote nextOrder={shipment.nextOrder} />}
      {order.fulfillment === 'cancelled' ? (
        <EditorSection title={t('detail.fulfil.title')}>
          <p className="text-sm text-gray-600">{t('detail.fulfil.cancelled')}</p>
        </EditorSection>
      ) : lines.length > 0 ? (
        <FulfilForm key={order.fulfillments.length} order={order} lines={lines} onShipped={onShipped} />
      ) : (
        !shipment && (
          <EditorSection title={t('detail.fulfil.title')}>
            <p className="text-sm text-gray-600">{t('detail.fulfil.allShipped')}</p>
          </EditorSection>
        )
      )}
    </>
  );
}

/** "Shipped", and the way on to the next order to ship; it takes the focus, as the form it answers has just been replaced. */
function ShippedNote({ nextOrder }: { nextOrder: string | null }) {
  const { t } = useTranslation('orders');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="flex flex-wrap items-center justify-between gap-4 rounded-lg bg-green-50 px-4 py-3 text-sm ring-1 ring-green-200 focus:outline-none"
    >
      <p className="font-medium text-green-900">{t('detail.fulfil.shipped')}</p>
      {nextOrder ? (
        <Link to={`/orders/${nextOrder}`} className={textLinkClass}>
          {t('detail.fulfil.nextOrder')} <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <p className="text-green-900">{t('detail.fulfil.noNextOrder')}</p>
      )}
    </div>
  );
}

function FulfilForm({
  order,
  lines,
  onShipped,
}: {
  order: OrderDetail;
  lines: OrderDetail['lines'];
  onShipped: (answer: FulfillAnswer | null) => void;
}) {
  const { t } = useTranslation('orders');
  const text = useMessageText('orders');
  const form = useForm<FulfillBody, unknown, FulfillPayload>({ resolver, defaultValues: fulfilDefaults(lines) });
  const rowIds = lines.map((line) => line.id);
  const submit = useFormSave(form, {
    save: async (body) => {
      onShipped(null);
      try {
        return await fulfillOrder(order.id, body);
      } catch (error) {
        throw onFormRows(error, body.lineItems, rowIds);
      }
    },
    onSaved: onShipped,
    savedText: t('detail.fulfil.toast'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  const listError = get(form.formState.errors, 'lineItems') as (FieldError & { root?: FieldError }) | undefined;

  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="fulfil-title"
      title={t('detail.fulfil.title')}
      intro={<p className="mt-1 text-sm text-gray-600">{t('detail.fulfil.intro')}</p>}
      saveLabel={t('detail.fulfil.submit')}
    >
      <div className="space-y-5 px-6 py-5">
        <div className="-mx-6 scroll-box">
          <table className="min-w-full divide-y divide-gray-200">
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className={th}>
                  {t('detail.fulfil.item')}
                </th>
                <th scope="col" className={amountHeader}>
                  {t('detail.fulfil.left')}
                </th>
                <th scope="col" className={th}>
                  {t('detail.fulfil.quantity')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {lines.map((line, index) => (
                <tr key={line.id}>
                  <th scope="row" className="px-3 py-2 text-left text-sm font-medium text-gray-900">
                    {lineName(line)}
                    {line.sku && <span className="block text-xs font-normal text-gray-500">{line.sku}</span>}
                  </th>
                  <td className={amount}>{leftToShip(line)}</td>
                  <NumberCell
                    name={`lineItems.${index}.quantity`}
                    label={t('detail.fulfil.quantityOf', { item: lineName(line) })}
                    min={0}
                    max={leftToShip(line)}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <AlertText>{text(listError?.root?.message ?? listError?.message)}</AlertText>
        <div className="grid gap-4 sm:grid-cols-3">
          <OrderField name="carrier" label={t('detail.fulfil.carrier')} maxLength={100} autoComplete="off" />
          <OrderField name="tracking" label={t('detail.fulfil.tracking')} maxLength={200} autoComplete="off" />
          <OrderField name="url" label={t('detail.fulfil.url')} type="url" inputMode="url" placeholder="https://" />
        </div>
      </div>
    </FormCard>
  );
}
