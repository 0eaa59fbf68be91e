import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MarketplaceCommissionsSchema, type CommissionLine, type CommissionLineAnswer } from '#shared/schemas/commissions';

/**
 * One line as the table edits it: amounts as typed (amount text, '' while empty), the percentage as a
 * number (null while empty), the constraint as two texts that are both empty when the line applies
 * to every item.
 */
export interface CommissionRow {
  min: string;
  max: string;
  flat: string;
  percentage: number | null;
  constraint: { key: string; value: string };
}

export interface CommissionFormValues {
  commissions: CommissionRow[];
}

export const emptyRow = (min = ''): CommissionRow => ({
  min,
  max: '',
  flat: '0',
  percentage: 0,
  constraint: { key: '', value: '' },
});

export function toRows(lines: readonly CommissionLineAnswer[]): CommissionRow[] {
  return lines.map((line) => ({
    min: line.min,
    max: line.max ?? '',
    flat: line.flat,
    percentage: line.percentage,
    constraint: { key: line.constraint?.key ?? '', value: line.constraint?.value ?? '' },
  }));
}

/** The lines the rows say: an empty max is open-ended, an empty constraint is no constraint (the schema and the server speak in these). */
export function toLines(rows: readonly CommissionRow[]): CommissionLine[] {
  return rows.map(
    (row) =>
      ({
        min: row.min,
        max: row.max.trim() === '' ? null : row.max,
        flat: row.flat,
        percentage: row.percentage,
        constraint: row.constraint.key.trim() || row.constraint.value.trim() ? row.constraint : null,
      }) as CommissionLine,
  );
}

const schemaResolver = zodResolver(MarketplaceCommissionsSchema);

/**
 * CommissionLinesSchema, the server's own, checks the lines the rows say; its issues keep their
 * paths ('commissions.1.min', 'commissions.0.constraint.key'), which are the table's field names.
 */
export const commissionResolver: Resolver<CommissionFormValues, unknown, { commissions: CommissionLine[] }> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver({ commissions: toLines(values.commissions) }, context, options as never);
  return result as never;
};

/** A percentage input's text as the row's number: empty is null (the schema says "Required field" where needed). */
export const numberOrNull = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);
