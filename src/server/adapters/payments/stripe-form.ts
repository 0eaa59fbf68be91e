/**
 * Stripe's form encoding: nested objects as `a[b][c]=v`, arrays as `a[0]=x` (an array's keys are its
 * indexes); absent values are left out.
 */
export function stripeForm(values: Record<string, unknown>, prefix = '', out = new URLSearchParams()): URLSearchParams {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (typeof value === 'object') stripeForm(value as Record<string, unknown>, name, out);
    else out.append(name, String(value));
  }
  return out;
}
