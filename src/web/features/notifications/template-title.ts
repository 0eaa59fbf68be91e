import { useTranslation } from 'react-i18next';
import { useWordingValues } from '#web/components/use-wording-values.ts';

/** A template by its purpose in the reader's language and the store's words ("Product submitted for approval"); an unknown name as it is. */
export function useTemplateTitle() {
  const { t } = useTranslation('notifications');
  const words = useWordingValues();
  return (name: string) => t(`templates.names.${name}`, { ...words, defaultValue: name });
}
