import useSWR from 'swr';
import type { z } from 'zod';
import { ProductLogsAnswerSchema } from '#shared/schemas/products';
import { endpoint } from '#web/api/endpoint.ts';

export type ProductLog = z.infer<typeof ProductLogsAnswerSchema>['logs'][number];

export const productLogsKey = (productId: string) => ['logs/product', productId] as const;

const getLogs = endpoint({ path: 'logs/product/{productId}', pathParams: ['productId'], answer: ProductLogsAnswerSchema });

/** GET logs/product/{productId}: newest first. */
export function useProductLogs(productId: string) {
  return useSWR(productLogsKey(productId), () => getLogs({ productId }).then((a) => a.logs));
}
