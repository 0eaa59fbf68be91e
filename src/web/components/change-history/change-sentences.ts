import type { TFunction } from 'i18next';
import type { AuditAmount, AuditChange, AuditRecord } from '#shared/schemas/audit';

/** Formats an amount of the API in its currency for the reader (useMoney). */
export type FormatMoney = (amount: string, currency: string) => string;

type Plain = { from: unknown; to: unknown };

/** "settings.holidayMode.enabled" → "holiday mode"; "min_purchase" → "min purchase". */
const fieldName = (field: string) =>
  field
    .replace(/^settings\./, '')
    .replace(/\.enabled$/, '')
    .split('.')
    .map((part) =>
      part
        .replace(/_/g, ' ')
        .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
        .toLowerCase(),
    )
    .join(' › ');
const isAmount = (value: unknown): value is AuditAmount =>
  typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;
const isDocument = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isAmount(value);
const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || value === false || (Array.isArray(value) && value.length === 0);

/**
 * A settings document's change as the changes of its leaves ("features.catalog.enabled" from off to
 * on), each leaf that differs once. A leaf that appears with an empty value is a default being
 * written out, not a change anyone made, so it is left out.
 */
function leafChanges(field: string, from: unknown, to: unknown, into: [string, Plain][]) {
  if (isDocument(from) || isDocument(to)) {
    const before = isDocument(from) ? from : {};
    const after = isDocument(to) ? to : {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
      leafChanges(`${field}.${key}`, before[key], after[key], into);
    return;
  }
  if (JSON.stringify(from) === JSON.stringify(to) || (from === undefined && isEmpty(to))) return;
  into.push([field, { from, to }]);
}

const valueText = (value: unknown, t: TFunction, money: FormatMoney): string =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
    ? t('empty')
    : typeof value === 'boolean'
      ? t(value ? 'on' : 'off')
      : typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : isAmount(value)
          ? money(value.amount, value.currency)
          : Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')
            ? value.join(', ')
            : JSON.stringify(value);

/** Every changed field of a record, documents taken apart into their leaves. */
function fieldChanges(changes: Record<string, AuditChange>): [string, AuditChange][] {
  const found: [string, AuditChange][] = [];
  for (const [field, change] of Object.entries(changes)) {
    if (change !== 'changed' && !('money' in change) && (isDocument(change.from) || isDocument(change.to))) {
      const leaves: [string, Plain][] = [];
      leafChanges(field, change.from, change.to, leaves);
      found.push(...leaves);
    } else found.push([field, change]);
  }
  return found;
}

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
  return fieldChanges(record.changes).map(([field, change]) =>
    change === 'changed'
      ? t('changedSecret', { ...base, field: fieldName(field) })
      : t('changed', { ...base, field: fieldName(field), from: valueText(change.from, t, money), to: valueText(change.to, t, money) }),
  );
}
