import { MAX_OPTIONS } from '#shared/schemas/products';
import type { OptionFormValue, VariantFormValue } from './product-form.ts';

/**
 * The variants of a product are the combinations of its options' values (Size S, M × Color Red,
 * Blue → 4 variants). Options are known by their `uid`, not their name or position, so renaming,
 * reordering or removing an option keeps what was typed into the rows.
 */

/** An option takes part in the matrix once it has values; one still being typed adds nothing yet. */
const activeOptions = (options: readonly OptionFormValue[]) => options.slice(0, MAX_OPTIONS).filter((o) => o.values.length > 0);

/** Every combination of the active options' values, in the order the values were given (first option slowest). */
export function combinationsOf(options: readonly OptionFormValue[]): Record<string, string>[] {
  return activeOptions(options).reduce<Record<string, string>[]>(
    (combinations, option) =>
      combinations.flatMap((combination) => option.values.map((value) => ({ ...combination, [option.uid]: value }))),
    [{}],
  );
}

/** A row's value of each option, by option uid (empty values are not part of its combination). */
function valuesByUid(row: VariantFormValue, options: readonly OptionFormValue[]): Record<string, string> {
  const values: Record<string, string> = {};
  options.slice(0, MAX_OPTIONS).forEach((option, index) => {
    const value = row.options[index];
    if (value) values[option.uid] = value;
  });
  return values;
}

/**
 * The rows for `next` options, given the rows made for `previous` ones:
 * - a combination that existed keeps its row (id, price, stock, SKU…);
 * - a new combination takes an unused row that agrees on every option both sides have (adding
 *   Color to a Size-only product: "S" becomes "S / Red", keeping its price and id), else an empty row;
 * - combinations that are gone drop their rows.
 * `emptyRow` makes the new rows (the store's default units).
 */
export function regenerateVariants(
  previous: readonly OptionFormValue[],
  next: readonly OptionFormValue[],
  rows: readonly VariantFormValue[],
  emptyRow: () => VariantFormValue,
): VariantFormValue[] {
  const before = rows.map((row) => valuesByUid(row, previous));
  const sharedUids = activeOptions(next)
    .map((o) => o.uid)
    .filter((uid) => activeOptions(previous).some((o) => o.uid === uid));
  const used = new Set<number>();
  const take = (index: number) => {
    used.add(index);
    return rows[index];
  };
  const nextOptions = next.slice(0, MAX_OPTIONS);
  const combinations = combinationsOf(next);

  // First pass: exact matches, so a combination that existed never loses its row to a neighbour.
  const exact = combinations.map((combination) => {
    const keys = Object.keys(combination);
    const index = before.findIndex(
      (values, i) => !used.has(i) && Object.keys(values).length === keys.length && keys.every((uid) => values[uid] === combination[uid]),
    );
    return index >= 0 ? take(index) : null;
  });
  return combinations.map((combination, c) => {
    const row =
      exact[c] ??
      (() => {
        const index = before.findIndex((values, i) => !used.has(i) && sharedUids.every((uid) => values[uid] === combination[uid]));
        return index >= 0 ? take(index) : emptyRow();
      })();
    return { ...row, options: nextOptions.map((option) => combination[option.uid] ?? '') };
  });
}

/** "S / Red": how a row is named in labels and messages; the product without options has one "Default" row. */
export function variantTitle(row: Pick<VariantFormValue, 'options'>): string {
  return row.options.filter(Boolean).join(' / ');
}
