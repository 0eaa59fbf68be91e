/**
 * What a line's commission is computed on: what the vendor sold it for. The vendor's own part of a
 * discount lowers that; the marketplace's part does not (the marketplace pays it, the vendor still
 * sold at the price). A discount whose funder is unknown (a platform's) counts as the vendor's.
 */
export function commissionBase(line: { price: number; quantity: number; discount: number; vendorDiscount?: number | null }): number {
  return Math.max(0, line.price * line.quantity - (line.vendorDiscount ?? line.discount));
}
