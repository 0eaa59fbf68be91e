import { useTranslation } from 'react-i18next';
import { REVIEWABLE_FIELDS } from '#shared/schemas/product-review-rules';
import { CheckboxGroupField } from '#web/components/form/checkbox-group-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { useWordingValues } from '#web/components/use-wording-values.ts';
import { storeSection } from '../store-section.ts';
import type { SectionProps } from './section-props.ts';

const SECTION = storeSection('productReview');

/** Which edits of a live product wait for an admin; the rest (stock always) goes live at once. */
export function ProductReviewSection({ settings }: SectionProps) {
  const { t } = useTranslation('settings');
  const words = useWordingValues();
  return (
    <SettingsSection
      id="product-review"
      title={t('productReview.title', words)}
      description={t('productReview.description', words)}
      schema={SECTION.schema}
      values={SECTION.valuesOf(settings)}
      save={SECTION.save}
    >
      <CheckboxGroupField
        name="productReview.fields"
        label={t('productReview.fields')}
        options={REVIEWABLE_FIELDS.map((field) => ({ value: field, label: t(`productReview.field.${field}`) }))}
      />
      <TextField
        name="productReview.priceChangePercent"
        label={t('productReview.priceChangePercent')}
        hint={t('productReview.priceChangePercentHint')}
        numeric="nullable"
        min={0}
        max={1000}
      />
    </SettingsSection>
  );
}
