import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SellerShopConnectSchema, type SellerProductsAnswer } from '#shared/schemas/integrations';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { ControlledField } from '#web/components/form/controlled-field.tsx';
import { FormCard } from '#web/components/form/form-card.tsx';
import { TextInput } from '#web/components/form/text-input.tsx';
import { useFormSave } from '#web/components/form/use-form-save.ts';
import { showToast } from '#web/components/toast.tsx';
import { connectSellerShop, syncSellerProduct } from './api/integrations.ts';
import { useMessageText } from '#web/components/form/message-text.ts';

const connectResolver = zodResolver(SellerShopConnectSchema);

/** POST integrations/shopify/connect: the vendor's own platform shop, approved on the platform. */
function ConnectPlatformShop() {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const id = useId();
  const form = useForm<z.input<typeof SellerShopConnectSchema>, unknown, z.output<typeof SellerShopConnectSchema>>({
    resolver: connectResolver,
    defaultValues: { shop: '' },
  });
  const submit = useFormSave(form, {
    save: connectSellerShop,
    savedText: t('toast.shopConnected'),
    fixFields: t('fixFields'),
    messageText: text,
  });
  return (
    <FormCard
      form={form}
      submit={submit}
      titleId="platform-title"
      title={t('platform.title')}
      intro={<p className="mt-1 text-sm text-gray-600">{t('platform.intro')}</p>}
      saveLabel={t('platform.connect')}
    >
      <div className="px-6 py-5">
        <ControlledField control={form.control} name="shop" id={`${id}-shop`} label={t('platform.shop')} required errorText={text}>
          {(props) => <TextInput {...props} autoComplete="off" placeholder="your-shop.myshopify.com" />}
        </ControlledField>
      </div>
    </FormCard>
  );
}

/** One platform product: which of ours it became, and a button that imports or updates it. */
function PlatformProductRow({
  product,
  link,
}: {
  product: SellerProductsAnswer['products'][number];
  link: SellerProductsAnswer['links'][number] | undefined;
}) {
  const { t } = useTranslation('integrations');
  const text = useMessageText('integrations');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const sync = async () => {
    setBusy(true);
    setFailure('');
    try {
      await syncSellerProduct(product.id);
      showToast('success', t('platform.synced', { title: product.title }));
    } catch (error) {
      setFailure(text(errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-6 py-3">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-gray-900">{product.title}</p>
        <p className="text-xs text-gray-500">
          {link ? (
            <Link to={`/products/${link.productId}`} className="text-indigo-600 hover:underline">
              {t('platform.linked', { title: link.title })}
            </Link>
          ) : (
            t('platform.notLinked')
          )}
        </p>
        <AlertText>{failure}</AlertText>
      </div>
      <Button variant="secondary" onClick={sync} loading={busy} aria-label={t('platform.syncProduct', { title: product.title })}>
        {link ? t('platform.update') : t('platform.importOne')}
      </Button>
    </li>
  );
}

/** The vendor's own platform shop: connect it, then import its products one by one and see which of ours each became. */
export function PlatformProductsCard({ data }: { data: SellerProductsAnswer }) {
  const { t } = useTranslation('integrations');
  if (!data.shop) return data.available ? <ConnectPlatformShop /> : null;
  const linkOf = new Map(data.links.map((l) => [l.platformProductId, l]));
  return (
    <section aria-labelledby="platform-products-title" className="rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
      <header className="border-b border-gray-200 px-6 py-4">
        <h2 id="platform-products-title" className="text-base font-semibold text-gray-900">
          {t('platform.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('platform.connectedTo', { shop: data.shop })}</p>
      </header>
      {data.products.length === 0 ? (
        <p className="px-6 py-5 text-sm text-gray-600">{t('platform.empty')}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {data.products.map((product) => (
            <PlatformProductRow key={product.id} product={product} link={linkOf.get(product.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
