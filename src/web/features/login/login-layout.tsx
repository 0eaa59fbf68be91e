import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useStoreRegistration } from '#web/api/public-store.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { applyBrandColors } from '#web/components/brand-colors.ts';
import { Card } from '#web/components/card.tsx';
import { LanguageSelect } from '#web/components/language-select.tsx';
import { ShopNameContext } from '#web/components/use-page-title.tsx';
import { isEmbedded } from '#web/session/session-store.ts';
import { StoreLogo } from './store-logo.tsx';

/**
 * The public pages' frame: the store's logo above the screen, its colours as the theme.
 * Embedded, the background stays transparent (the body carries the iframe marker), so the logo is
 * drawn dark instead of white on indigo.
 */
export function LoginLayout() {
  const { data, error } = useStoreRegistration();
  const embedded = isEmbedded();
  useEffect(() => applyBrandColors(data?.colors), [data?.colors]);
  return (
    <ShopNameContext value={data?.shopName}>
      <div className="flex min-h-screen flex-col items-center px-4 py-10 sm:py-16">
        <header className={`mb-8 flex min-h-14 items-center ${embedded ? 'text-gray-900' : 'text-white'}`}>
          {data && <StoreLogo logo={data.logo} shopName={data.shopName} />}
        </header>
        <main className="flex w-full flex-col items-center">
          {error ? (
            <Card>
              <AlertText>{error.message}</AlertText>
            </Card>
          ) : (
            <Outlet />
          )}
        </main>
        {/* Before signing in there is no account to keep it: this browser remembers the choice. */}
        <footer className="mt-8">
          <LanguageSelect tone={embedded ? 'card' : 'bar'} />
        </footer>
      </div>
    </ShopNameContext>
  );
}
