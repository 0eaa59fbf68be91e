import type { ComponentType } from 'react';
import type { FeatureFlag } from '#shared/schemas/settings';
import { AppearanceSection } from './sections/appearance-section.tsx';
import { AutoApproveSection } from './sections/auto-approve-section.tsx';
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
  /** The section's anchor on the page, e.g. /app/settings/page#appearance. */
  id: string;
  /** Its name in the page's table of contents (settings namespace). */
  label: string;
  Component: ComponentType<SectionProps>;
  /** Shown only while the store has this feature switched on. */
  feature?: FeatureFlag;
  /** A vendor's own only: not shown in the marketplace view. */
  vendorOnly?: boolean;
}

/** Store-wide settings: only admins change them (PATCH app/info/features is an admin call). */
export const MARKETPLACE_SECTIONS: SettingsSectionEntry[] = [
  { id: 'general', label: 'general.title', Component: GeneralSection },
  { id: 'appearance', label: 'appearance.title', Component: AppearanceSection },
  { id: 'features', label: 'features.title', Component: FeaturesSection },
  { id: 'registration', label: 'registration.title', Component: RegistrationSection },
  { id: 'membership', label: 'membership.title', Component: MembershipSection },
  { id: 'payments', label: 'payments.title', Component: PaymentsSection },
  { id: 'support', label: 'support.title', Component: SupportSection },
  { id: 'input-limits', label: 'inputLimit.title', Component: InputLimitsSection },
  { id: 'finance', label: 'finance.title', Component: FinanceSection },
  { id: 'units', label: 'units.title', Component: UnitsSection },
  { id: 'time-zone', label: 'timeZone.title', Component: TimeZoneSection },
  { id: 'orders', label: 'orders.title', Component: OrdersSection },
  { id: 'conversations', label: 'conversations.title', Component: ConversationsSection },
  { id: 'translations', label: 'translations.title', Component: TranslationsSection, feature: 'translations' },
  { id: 'vendor-page', label: 'vendorPage.title', Component: VendorPageSection },
  { id: 'storefront', label: 'storefront.title', Component: StorefrontSection },
  { id: 'auto-approve', label: 'autoApprove.title', Component: AutoApproveSection },
  { id: 'product-review', label: 'productReview.title', Component: ProductReviewSection },
];

/** Settings of whoever is working: a vendor's own, or the marketplace's in the admin's marketplace view. */
export const SHOP_SECTIONS: SettingsSectionEntry[] = [
  { id: 'holidays', label: 'holidays.title', Component: HolidaysSection, feature: 'holidayMode' },
  { id: 'currency', label: 'currency.title', Component: CurrencySection, feature: 'currencies' },
  { id: 'ship-from', label: 'shipFrom.title', Component: ShipFromSection },
  { id: 'shippo', label: 'shippo.title', Component: ShippoKeySection },
  { id: 'tax-details', label: 'taxDetails.title', Component: TaxDetailsSection, vendorOnly: true },
];
