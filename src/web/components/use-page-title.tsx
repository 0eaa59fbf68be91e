import { createContext, useContext, useEffect } from 'react';
import { formatPageTitle } from './page-title.ts';

/** The shop name of the screen's store: the public store on the login pages, the user's store in the app. */
export const ShopNameContext = createContext<string | undefined>(undefined);

export function usePageTitle(page: string) {
  const shopName = useContext(ShopNameContext);
  useEffect(() => {
    document.title = formatPageTitle(shopName, page);
  }, [shopName, page]);
}
