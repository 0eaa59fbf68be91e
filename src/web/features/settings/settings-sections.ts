import type { ComponentType } from 'react';
import type { FeatureFlag } from '#shared/schemas/settings';
import type { SettingsPageId } from './settings-pages.ts';
import { AppearanceSection } from './sections/appearance-section.tsx';
import { AutoApproveSection } from './sections/auto-approve-section.tsx';
import { RetentionSection } from './sections/retention-section.tsx';
import { ConversationsSection } from './sections/conversations-section.tsx';
import { CurrencySection } from './sections/currency-section.tsx';
import { FeaturesSection } from './sections/features-section.tsx';
import { FinanceSection } from './sections/finance-section.tsx';
import { GeneralSection } from './sections/general-section.tsx';
import { HolidaysSection } from './sections/holidays-section.tsx';
import { InputLimitsSection } from './sections/input-limits-section.tsx';
import { MembershipSection } from './sections/membership-section.tsx';
import { OrdersSection } from './sections/orders-section.tsx';
import { PaymentsSection } from './sections/payments-section.tsx';
import { ProductReviewSection } from './sections/product-review-section.tsx';
import { RegistrationSection } from './sections/registration-section.tsx';
import type { SectionProps } from './sections/section-props.ts';
import { ShipFromSection } from './sections/ship-from-section.tsx';
import { ShippoKeySection } from './sections/shippo-key-section.tsx';
import { TaxDetailsSection } from './sections/tax-details-section.tsx';
import { StorefrontSection } from './sections/storefront-section.tsx';
import { SupportSection } from './sections/support-section.tsx';
import { TranslationsSection } from './sections/translations-section.tsx';
import { TimeZoneSection } from './sections/time-zone-section.tsx';
import { UnitsSection } from './sections/units-section.tsx';
import { VendorPageSection } from './sections/vendor-page-section.tsx';

export interface SettingsSectionEntry {
  /** The section's anchor on its page, e.g. /app/settings/page/general#appearance. */
  id: string;
  /** The settings page it is on (settings-pages.ts). */
  page: SettingsPageId;
  /** Its name (settings namespace). */
  label: string;
  Component: ComponentType<SectionProps>;
  /** Shown only while the store has this feature switched on. */
  feature?: FeatureFlag;
  /** A vendor's own only: not shown in the marketplace view. */
  vendorOnly?: boolean;
}

/** Store-wide settings, in the order of their pages: only admins change them (PATCH app/info/features is an admin call). */
export const MARKETPLACE_SECTIONS: SettingsSectionEntry[] = [
  { id: 'general', page: 'general', label: 'general.title', Component: GeneralSection },
  { id: 'appearance', page: 'general', label: 'appearance.title', Component: AppearanceSection },
  { id: 'support', page: 'general', label: 'support.title', Component: SupportSection },
  { id: 'units', page: 'general', label: 'units.title', Component: UnitsSection },
  { id: 'time-zone', page: 'general', label: 'timeZone.title', Component: TimeZoneSection },
  { id: 'change-history', page: 'general', label: 'changeHistory.title', Component: RetentionSection },
  { id: 'features', page: 'features', label: 'features.title', Component: FeaturesSection },
  { id: 'translations', page: 'features', label: 'translations.title', Component: TranslationsSection, feature: 'translations' },
  { id: 'conversations', page: 'features', label: 'conversations.title', Component: ConversationsSection },
  { id: 'storefront', page: 'features', label: 'storefront.title', Component: StorefrontSection },
  { id: 'registration', page: 'vendors', label: 'registration.title', Component: RegistrationSection },
  { id: 'vendor-page', page: 'vendors', label: 'vendorPage.title', Component: VendorPageSection },
  { id: 'auto-approve', page: 'vendors', label: 'autoApprove.title', Component: AutoApproveSection },
  { id: 'product-review', page: 'vendors', label: 'productReview.title', Component: ProductReviewSection },
  { id: 'membership', page: 'vendors', label: 'membership.title', Component: MembershipSection },
  { id: 'input-limits', page: 'vendors', label: 'inputLimit.title', Component: InputLimitsSection },
  { id: 'payments', page: 'money', label: 'payments.title', Component: PaymentsSection },
  { id: 'finance', page: 'money', label: 'finance.title', Component: FinanceSection },
  { id: 'orders', page: 'money', label: 'orders.title', Component: OrdersSection },
];

/** Settings of whoever is working: a vendor's own, or the marketplace's in the admin's marketplace view. */
export const SHOP_SECTIONS: SettingsSectionEntry[] = [
  { id: 'holidays', page: 'shop', label: 'holidays.title', Component: HolidaysSection, feature: 'holidayMode' },
  { id: 'currency', page: 'shop', label: 'currency.title', Component: CurrencySection, feature: 'currencies' },
  { id: 'ship-from', page: 'shipping', label: 'shipFrom.title', Component: ShipFromSection },
  { id: 'shippo', page: 'shipping', label: 'shippo.title', Component: ShippoKeySection },
  { id: 'tax-details', page: 'shop', label: 'taxDetails.title', Component: TaxDetailsSection, vendorOnly: true },
];
