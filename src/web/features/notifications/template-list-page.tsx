import { useState } from 'react';
import { Link } from 'react-router';
import { Switch } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { isDocumentTemplate } from '#shared/schemas/documents';
import { useDocumentsInfo } from '#web/api/documents.ts';
import { AlertText } from '#web/components/alert-text.tsx';
import { Button } from '#web/components/button.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { isAccessMail } from '#shared/schemas/notifications';
import { saveNotificationSettings, useNotificationSettings, useTemplates } from './api/notifications.ts';
import { useTemplateText } from './template-text.ts';

/** Every template: its purpose in words and description, whether it is sent (a switch), and whether the store changed it. */
export function TemplateListPage() {
  const { t } = useTranslation('notifications');
  const { titleOf, descriptionOf } = useTemplateText();
  const templates = useTemplates();
  const settings = useNotificationSettings();
  const documents = useDocumentsInfo();
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState('');

  const toggle = async (name: string, enabled: boolean) => {
    if (!settings.data) return;
    setBusy(name);
    setFailure('');
    try {
      const { integration: _integration, ...current } = settings.data;
      const templateSettings = { ...current.templates, [name]: { ...current.templates[name as keyof typeof current.templates], enabled } };
      await saveNotificationSettings({ ...current, templates: templateSettings });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy('');
    }
  };

  if (templates.isLoading) return <LoadingBlock />;
  if (templates.error || !templates.data)
    return (
      <div className="flex flex-wrap items-center gap-4">
        <AlertText>{errorMessage(templates.error)}</AlertText>
        <Button variant="secondary" onClick={() => void templates.mutate()}>
          {t('retry')}
        </Button>
      </div>
    );
  if (templates.data.templates.length === 0) return <p className="text-sm text-gray-600">{t('templates.empty')}</p>;
  return (
    <div className="space-y-3">
      {settings.data?.disableAll && <p className="rounded-md bg-amber-50 px-4 py-2 text-sm text-amber-800">{t('templates.allDisabled')}</p>}
      {documents.data?.format === 'html' && (
        <div className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-semibold">{t('templates.noPdf.title')}</p>
          <p>{t('templates.noPdf.body')}</p>
        </div>
      )}
      <AlertText>{failure}</AlertText>
      <ul className="divide-y divide-gray-200 rounded-lg bg-white shadow-sm ring-1 ring-gray-900/5">
        {templates.data.templates.map((template) => (
          <li key={template.name} className="flex items-center justify-between gap-4 px-6 py-3">
            <div className="min-w-0">
              <Link
                to={`/notifications/templates/${template.name}`}
                className="text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {titleOf(template.name)}
              </Link>
              {template.customised && (
                <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                  {t('templates.customised')}
                </span>
              )}
              <p className="text-sm text-gray-600">{descriptionOf(template.name, template.description)}</p>
              {/* The code name stays, small: it is what support, the API and the logs call the template. */}
              <p className="font-mono text-xs text-gray-500">{template.name}</p>
            </div>
            {isAccessMail(template.name) ? (
              // Access mails are never muted (people would be locked out), so there is no switch to offer.
              <span className="shrink-0 text-sm text-gray-600">{t('templates.alwaysSent')}</span>
            ) : (
              <Switch
                checked={template.enabled}
                disabled={!settings.data || busy === template.name}
                onChange={(enabled: boolean) => void toggle(template.name, enabled)}
                aria-label={t(isDocumentTemplate(template.name) ? 'templates.offeredOf' : 'templates.enabledOf', {
                  name: titleOf(template.name),
                })}
                className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-gray-200 p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60 data-checked:bg-indigo-600"
              >
                <span aria-hidden="true" className="size-5 rounded-full bg-white shadow transition group-data-checked:translate-x-5" />
              </Switch>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
