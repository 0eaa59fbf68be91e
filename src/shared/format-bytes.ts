const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Byte sizes for display, in steps of 1024: 1536 → "1.5 KB". */
export function formatBytes(bytes: number, decimals = 1): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? String(Math.round(value)) : String(Number(value.toFixed(decimals)));
  return `${rounded} ${UNITS[unit]}`;
}
