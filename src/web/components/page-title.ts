/** The page title is the shop name, then a dot, then the page name. */
export function formatPageTitle(shopName: string | undefined, page: string): string {
  return [shopName, page].filter((part) => !!part).join(' · ');
}
