import { useTranslation } from 'react-i18next';
import { useWordingValues } from '#web/components/use-wording-values.ts';

/**
 * A template in the reader's language and the store's words: its title by purpose ("Product
 * submitted for approval") and who gets it when; an unknown name as it is, its description as the server gave it.
 */
export function useTemplateText() {
  const { t } = useTranslation('notifications');
  const words = useWordingValues();
  return {
    titleOf: (name: string) => t(`templates.names.${name}`, { ...words, defaultValue: name }),
    descriptionOf: (name: string, fallback: string) => t(`templates.descriptions.${name}`, { ...words, defaultValue: fallback }),
  };
}
