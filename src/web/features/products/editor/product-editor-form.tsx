import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductDetail, WholeProductInput } from '#shared/schemas/products';
import { localPickupByDefault, type Settings } from '#shared/schemas/settings';
import type { VendorSettings } from '#shared/schemas/vendor-settings';
import { HttpError } from '#web/api/http-error.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { toastSaved } from '#web/components/toast.tsx';
import { useUnsavedChangesPrompt } from '#web/components/unsaved-changes.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { BusyLabel } from '#web/components/media/busy-label.tsx';
import { saveProduct } from './api/save-product.ts';
import { ApprovalPanel } from './approval-panel.tsx';
import { withProposal } from './with-proposal.ts';
import { LIST_MESSAGES, toFormMessages } from './form-errors.ts';
import { GeneralSection } from './general-section.tsx';
import { MediaSection } from './media-section.tsx';
import { MetafieldsSection } from './metafields-section.tsx';
import { OptionsSection } from './options-section.tsx';
import {
  emptyProductForm,
  emptyVariant,
  toProductForm,
  type EditorDefinition,
  type FormDefaults,
  type OptionFormValue,
  type ProductFormValues,
} from './product-form.ts';
import { productResolver } from './product-resolver.ts';
import { SeoSection } from './seo-section.tsx';
import { StatusSection } from './status-section.tsx';
import { useEditorText } from './use-editor-text.ts';
import { VariantsSection } from './variants-section.tsx';
import { regenerateVariants } from './variant-matrix.ts';

type SaveState = { kind: 'idle' } | { kind: 'saved' } | { kind: 'invalid' } | { kind: 'failed'; message: string; hasFieldErrors: boolean };

export interface ProductEditorFormProps {
  product: ProductDetail | null;
  settings: Settings;
  definitions: readonly EditorDefinition[];
  /** The working vendor's own settings; null in the marketplace view. */
  vendorSettings: VendorSettings | null;
  isAdmin: boolean;
  /** An admin in the marketplace view: names the product's vendor. */
  chooseVendor: boolean;
  canSelfApprove: boolean;
  /** Just created: the page opens on "Saved". */
  justSaved: boolean;
}

/**
 * The product form: checked with the server's schema on submit (then as fields change), saved with
 * PUT products-v2. After a failed save every message is under its field, the form-wide ones at the
 * top, and the focus goes to the first field to fix.
 */
export function ProductEditorForm({
  product,
  settings,
  vendorSettings,
  definitions,
  isAdmin,
  chooseVendor,
  canSelfApprove,
  justSaved,
}: ProductEditorFormProps) {
  const { t } = useTranslation('products');
  const text = useEditorText();
  const navigate = useNavigate();
  const defaults: FormDefaults = useMemo(
    () => ({
      weightUnit: settings.defaultUnits.weight,
      lengthUnit: settings.defaultUnits.length,
      localPickup: localPickupByDefault(settings, vendorSettings),
    }),
    [settings, vendorSettings],
  );
  // A stored product keeps the currency it was priced in; a new one takes the store's.
  const currency = product?.currency ?? settings.currency;
  const resolver = useMemo(
    () =>
      productResolver({ context: { inputLimit: settings.inputLimit, currency, definitions }, definitions, requireVendor: chooseVendor }),
    [settings.inputLimit, currency, definitions, chooseVendor],
  );
  const form = useForm<ProductFormValues, unknown, WholeProductInput>({
    resolver,
    defaultValues: product ? toProductForm(product, definitions, defaults) : emptyProductForm(definitions, defaults),
    // The focus goes to the first invalid control on screen (below), server messages included.
    shouldFocusError: false,
  });
  const { formState, getValues, setValue, trigger, setError, reset } = form;
  const unsaved = useUnsavedChangesPrompt(formState.isDirty);
  const [state, setState] = useState<SaveState>(justSaved ? { kind: 'saved' } : { kind: 'idle' });
  const [uploads, setUploads] = useState(0);
  const onBusyChange = (busy: boolean) => setUploads((count) => Math.max(0, count + (busy ? 1 : -1)));
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (!focusRequest) return;
    // After react-hook-form has rendered the messages: the first invalid control, else the summary.
    const timer = setTimeout(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const target = first ?? summaryRef.current;
      target?.focus();
      target?.scrollIntoView?.({ block: 'center' });
    }, 0);
    return () => clearTimeout(timer);
  }, [focusRequest]);

  // After a save the schema refused, the whole product is checked again as it changes (a moment
  // after the typing stops), so list-wide messages ("Add at least one variant…") go when fixed.
  // Not after a server refusal: its messages stay until the field they are under changes.
  const isCheckingLive = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch(() => {
      if (!isCheckingLive.current) return;
      clearTimeout(timer);
      timer = setTimeout(() => void trigger(), 300);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
    };
  }, [form, trigger]);

  const onOptionsChange = (next: OptionFormValue[]) => {
    const previous = getValues('options');
    setValue('options', next, { shouldDirty: true });
    setValue(
      'variants',
      regenerateVariants(previous, next, getValues('variants'), () => emptyVariant(defaults)),
      { shouldDirty: true },
    );
  };

  const save = async (payload: WholeProductInput) => {
    isCheckingLive.current = false;
    setState({ kind: 'idle' });
    try {
      const saved = await saveProduct(payload);
      if (!product) {
        unsaved.release();
        navigate(`/products/${saved.productId}`, { state: { saved: true } });
        return;
      }
      reset(toProductForm(withProposal(saved.product, saved.revision, isAdmin), definitions, defaults));
      setState({ kind: 'saved' });
      toastSaved(t('editor.toast'));
    } catch (error) {
      const listed = error instanceof HttpError ? Object.entries(error.fieldErrors).map(([path, message]) => ({ path, message })) : [];
      const messages = toFormMessages(
        listed,
        definitions.map((d) => d.key),
      );
      for (const { path, message } of messages) setError(path as Path<ProductFormValues>, { type: 'server', message });
      setState({ kind: 'failed', message: errorMessage(error), hasFieldErrors: messages.length > 0 });
      setFocusRequest((n) => n + 1);
    }
  };
  const onSubmit = form.handleSubmit(save, () => {
    isCheckingLive.current = true;
    setState({ kind: 'invalid' });
    setFocusRequest((n) => n + 1);
  });

  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  const hasErrors = Object.keys(formState.errors).length > 0;
  const summary = [
    hasErrors && (state.kind === 'invalid' || (state.kind === 'failed' && state.hasFieldErrors)) ? t('editor.fixErrors') : '',
    state.kind === 'failed' && !state.hasFieldErrors ? text(state.message) : '',
    text(errors[LIST_MESSAGES.metafields]?.message),
    text(errors[LIST_MESSAGES.form]?.message),
  ].filter(Boolean);
  const showOptions = settings.variants.enabled || getValues('options').length > 0;

  return (
    <FormProvider {...form}>
      <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6">
        <div ref={summaryRef} tabIndex={-1} className="space-y-1 focus:outline-none">
          {summary.map((line) => (
            <AlertText key={line}>{line}</AlertText>
          ))}
        </div>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-6">
            <GeneralSection limit={settings.inputLimit} />
            <MediaSection limit={settings.inputLimit} onBusyChange={onBusyChange} />
            {showOptions && <OptionsSection onOptionsChange={onOptionsChange} />}
            <VariantsSection currency={currency} />
            {definitions.length > 0 && <MetafieldsSection definitions={definitions} onBusyChange={onBusyChange} />}
            <SeoSection />
          </div>
          <div className="space-y-6">
            <StatusSection savedStatus={product?.status} chooseVendor={chooseVendor} />
            {product && <ApprovalPanel product={product} isAdmin={isAdmin} canSelfApprove={canSelfApprove} />}
          </div>
        </div>
        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-gray-200 bg-gray-50 px-4 py-3 shadow-[0_-4px_6px_-4px_rgb(0_0_0_/_0.1)] sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          {uploads > 0 && <BusyLabel label={t('editor.waitForUploads')} />}
          {state.kind === 'saved' && !formState.isDirty && (
            <p role="status" className="text-sm font-medium text-green-800">
              {t('editor.saved')}
            </p>
          )}
          <Button type="submit" loading={formState.isSubmitting} disabled={uploads > 0}>
            {t('editor.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
