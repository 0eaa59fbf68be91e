import { useTranslation } from 'react-i18next';

/** A template by its purpose in the reader's language ("Product submitted for approval"); an unknown name as it is. */
export function useTemplateTitle() {
  const { t } = useTranslation('notifications');
  return (name: string) => t(`templates.names.${name}`, { defaultValue: name });
}
