export interface TabCount {
  count: number;
  capped: boolean;
}

/** "12", or "10,000+" when the server stopped counting. */
export function formatCount({ count, capped }: TabCount, language: string) {
  return `${new Intl.NumberFormat(language).format(count)}${capped ? '+' : ''}`;
}
