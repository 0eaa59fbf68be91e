import type { TFunction } from 'i18next';
import type { AuditAmount, AuditRecord } from '#shared/schemas/audit';

/** Formats an amount of the API in its currency for the reader (useMoney). */
export type FormatMoney = (amount: string, currency: string) => string;

const fieldName = (field: string) => field.replace(/^settings\./, '').replace(/[._]/g, ' ');
const isAmount = (value: unknown): value is AuditAmount =>
  typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;
const valueText = (value: unknown, t: TFunction, money: FormatMoney) =>
  value === null || value === undefined || value === ''
    ? t('empty')
    : typeof value === 'string'
      ? value
      : isAmount(value)
        ? money(value.amount, value.currency)
        : JSON.stringify(value);

/**
 * A record in words, one sentence per changed field: "Anna (admin) changed the price of Blue mug
 * from $12.00 to $14.00". Secrets say only that they changed.
 */
export function changeSentences(record: AuditRecord, t: TFunction, money: FormatMoney): string[] {
  const kind = t(`kinds.${record.actor.kind}`);
  const role = record.actingVendor ? t('roleAs', { role: kind, vendor: record.actingVendor }) : kind;
  // A job, a webhook or a buyer has no name: its kind is who it is.
  const who = record.actor.name ? t('person', { name: record.actor.name, role }) : role;
  const object = record.label ?? t(`entities.${record.entity}`, { defaultValue: fieldName(record.entity) });
  const base = { who, object, entity: t(`entities.${record.entity}`, { defaultValue: fieldName(record.entity) }) };
  if (record.action !== 'update') return [t(`actions.${record.action}`, base)];
  return Object.entries(record.changes).map(([field, change]) =>
    change === 'changed'
      ? t('changedSecret', { ...base, field: fieldName(field) })
      : t('changed', { ...base, field: fieldName(field), from: valueText(change.from, t, money), to: valueText(change.to, t, money) }),
  );
}
