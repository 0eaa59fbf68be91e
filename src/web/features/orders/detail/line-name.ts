import type { OrderDetail } from '../api/order-detail.ts';

/** A line as people name it: "Linen shirt (M / Blue)", or the title alone for a product without options. */
export const lineName = (line: Pick<OrderDetail['lines'][number], 'title' | 'variantTitle'>) =>
  line.variantTitle ? `${line.title} (${line.variantTitle})` : line.title;
