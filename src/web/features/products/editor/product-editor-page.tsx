import { useEffect, useState } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '#shared/schemas/products';
import { HttpError } from '#web/api/http-error.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { HistorySection } from '#web/components/change-history/history-section.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { usePageTitle } from '#web/components/use-page-title.tsx';
import { useSession } from '#web/session/use-session.ts';
import type { SessionUser } from '#web/session/session-user.ts';
import { useMetafields } from '#web/api/metafields.ts';
import { useSettings, type SettingsAnswer } from '#web/api/get-settings.ts';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { useProductDetail } from './api/product-detail.ts';
import { useProductRevision } from './api/product-revision.ts';
import { RevisionPanel } from './revision-panel.tsx';
import { withProposal } from './with-proposal.ts';
import type { ProductRevisionAnswer } from '#shared/schemas/product-revisions';
import { ChangeLogTab } from './change-log-tab.tsx';
import type { EditorDefinition } from './product-form.ts';
import { ProductEditorForm } from './product-editor-form.tsx';
import { TranslationsTab } from './translations-tab.tsx';

const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium text-gray-600 hover:bg-white hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 data-selected:bg-white data-selected:text-indigo-700 data-selected:shadow-sm';

/**
 * /app/products/new and /app/products/:productId. The store's settings (limits, units, currency,
 * languages), the product metafield definitions and the product load first; the editor is then
 * filled once from them.
 */
export function ProductEditorPage() {
  const { productId } = useParams();
  const { t } = useTranslation('products');
  const words = useWordingValues();
  const user = useSession();
  const settings = useSettings();
  const metafields = useMetafields('products');
  const product = useProductDetail(productId);
  const revision = useProductRevision(productId);

  const title = productId ? (product.data?.title ?? '') : t('editor.newProduct', words);
  usePageTitle(title);

  const failure = settings.error ?? metafields.error ?? product.error ?? revision.error;
  const header = (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <Link
          to="/products"
          className="text-sm font-medium text-indigo-600 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <span aria-hidden="true">← </span>
          {t('editor.backToList', words)}
        </Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-gray-900">{title || t('editor.untitled')}</h1>
      </div>
    </div>
  );

  if (failure) {
    const isMissing = failure instanceof HttpError && failure.status === 404;
    return (
      <div className="space-y-6">
        {header}
        <AlertText>{isMissing ? t('editor.notFound', words) : errorMessage(failure)}</AlertText>
        {!isMissing && (
          <Button
            variant="secondary"
            onClick={() => void Promise.all([settings.mutate(), metafields.mutate(), product.mutate(), revision.mutate()])}
          >
            {t('editor.retry')}
          </Button>
        )}
      </div>
    );
  }
  if (!user || !settings.data || !metafields.data || (productId && (!product.data || !revision.data))) {
    return (
      <div className="space-y-6">
        {header}
        <LoadingBlock />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {header}
      <ProductEditor
        // A revision decided, proposed or withdrawn changes what the form holds: it is filled again.
        key={`${productId ?? 'new'}:${revision.data?.pending?.id ?? ''}`}
        product={product.data ?? null}
        revision={revision.data ?? null}
        settingsAnswer={settings.data}
        definitions={metafields.data.metafields}
        user={user}
      />
    </div>
  );
}

function ProductEditor({
  product,
  revision,
  settingsAnswer,
  definitions: loadedDefinitions,
  user,
}: {
  product: ProductDetail | null;
  revision: ProductRevisionAnswer | null;
  settingsAnswer: SettingsAnswer;
  definitions: readonly EditorDefinition[];
  user: SessionUser;
}) {
  const { t } = useTranslation('products');
  const location = useLocation();
  const navigate = useNavigate();
  const [justSaved] = useState(() => Boolean((location.state as { saved?: boolean } | null)?.saved));
  // "Saved" is said once: a reload of the page must not say it again.
  useEffect(() => {
    if (justSaved) navigate('.', { replace: true, state: null });
  }, [justSaved, navigate]);
  // The form holds metafield values by definition position: the definitions it was filled with stay.
  const [definitions] = useState(loadedDefinitions);
  const { settings, vendorSettings } = settingsAnswer;
  const canSelfApprove = !user.admin && (vendorSettings?.autoApprove ?? settings.autoApprove.enabledDefault);
  const revisionPanel = product && revision && <RevisionPanel productId={product.id} revision={revision} isAdmin={user.admin} />;
  const form = (
    <ProductEditorForm
      product={product && withProposal(product, revision ?? undefined, user.admin)}
      settings={settings}
      vendorSettings={vendorSettings}
      definitions={definitions}
      isAdmin={user.admin}
      chooseVendor={user.admin && user.marketplaceView}
      canSelfApprove={canSelfApprove}
      justSaved={justSaved}
    />
  );
  if (!product) return form;
  const productTab = (
    <div className="space-y-6">
      {revisionPanel}
      {form}
      <HistorySection query={{ entity: 'products', entityId: product.id }} />
    </div>
  );
  const hasTranslations = settings.features.translations.enabled && settings.translations.enabled;
  const hasLog = settings.features.auditLogs.enabled;
  if (!hasTranslations && !hasLog) return productTab;
  return (
    <TabGroup>
      <TabList className="flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1" aria-label={t('editor.tabs.label')}>
        <Tab className={tabClass}>{t('editor.tabs.product')}</Tab>
        {hasTranslations && <Tab className={tabClass}>{t('editor.tabs.translations')}</Tab>}
        {hasLog && <Tab className={tabClass}>{t('editor.tabs.log')}</Tab>}
      </TabList>
      <TabPanels className="mt-6">
        {/* Kept mounted: switching tabs must not lose what is being typed. */}
        <TabPanel unmount={false} className="focus:outline-none">
          {productTab}
        </TabPanel>
        {hasTranslations && (
          <TabPanel className="focus:outline-none">
            <TranslationsTab productId={product.id} locales={settings.translations.locales} />
          </TabPanel>
        )}
        {hasLog && (
          <TabPanel className="focus:outline-none">
            <ChangeLogTab product={product} />
          </TabPanel>
        )}
      </TabPanels>
    </TabGroup>
  );
}
