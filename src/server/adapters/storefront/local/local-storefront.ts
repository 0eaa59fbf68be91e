import type { PublishResult, StorefrontPlatform } from '../types.ts';

/**
 * The built-in storefront: our public catalog API reads the products table itself (approved and
 * ACTIVE products only), so publishing needs no copy anywhere. The sync job records the time.
 */
export function createLocalStorefront(): StorefrontPlatform {
  return {
    kind: 'local',
    async publishProduct(): Promise<PublishResult> {
      return { platformProductId: null };
    },
    async unpublishProduct() {},
    async removeProduct() {},
  };
}
