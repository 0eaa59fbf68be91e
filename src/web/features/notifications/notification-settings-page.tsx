import { useTranslation } from 'react-i18next';
import {
  IntegrationUpdateSchema,
  MAILING_SERVICES,
  NotificationSettingsUpdateSchema,
  REMINDER_TEMPLATES,
  type NotificationSettingsView,
} from '#shared/schemas/notifications';
import { LoadFailed } from '#web/components/load-failed.tsx';
import { errorMessage } from '#web/components/error-message.ts';
import { LoadingBlock } from '#web/components/spinner.tsx';
import { SelectField } from '#web/components/form/select-field.tsx';
import { SettingsSection } from '#web/components/form/settings-section.tsx';
import { TextField } from '#web/components/form/text-field.tsx';
import { ToggleField } from '#web/components/form/toggle-field.tsx';
import { saveIntegration, saveNotificationSettings, useNotificationSettings } from './api/notifications.ts';

const editableOf = ({ integration: _integration, ...rest }: NotificationSettingsView) => rest;

function IntegrationSection({ view }: { view: NotificationSettingsView }) {
  const { t } = useTranslation('notifications');
  const { service, hasApiKey } = view.integration;
  return (
    <SettingsSection
      id="integration"
      title={t('integration.title')}
      description={t('integration.description')}
      schema={IntegrationUpdateSchema}
      values={{ service, apiKey: '' }}
      save={async (update) => {
        const saved = await saveIntegration(update);
        return { service: saved.integration.service, apiKey: '' };
      }}
    >
      <SelectField
        name="service"
        label={t('integration.service')}
        options={MAILING_SERVICES.map((s) => ({ value: s, label: t(`integration.services.${s}`) }))}
      />
      {hasApiKey && (
        <p role="status" className="text-sm font-medium text-green-800">
          {t('integration.keySaved')}
        </p>
      )}
      <TextField
        name="apiKey"
        label={t('integration.apiKey')}
        hint={hasApiKey ? t('integration.apiKeyReplaceHint') : t('integration.apiKeyHint')}
        type="password"
        autoComplete="off"
      />
    </SettingsSection>
  );
}

/** /app/notifications/settings: what is sent, from which address, when; and the mailing integration. */
export function NotificationSettingsPage() {
  const { t } = useTranslation('notifications');
  const { data, error, isLoading, mutate } = useNotificationSettings();
  if (isLoading) return <LoadingBlock />;
  if (error || !data) return <LoadFailed message={errorMessage(error)} onRetry={() => void mutate()} />;
  return (
    <div className="max-w-3xl space-y-6">
      <SettingsSection
        id="sending"
        title={t('settings.title')}
        schema={NotificationSettingsUpdateSchema}
        values={editableOf(data)}
        save={async (settings) => editableOf(await saveNotificationSettings(settings))}
      >
        <ToggleField name="disableAll" label={t('settings.disableAll')} hint={t('settings.disableAllHint')} />
        <TextField name="sendingEmail" label={t('settings.sendingEmail')} hint={t('settings.sendingEmailHint')} type="email" />
        {REMINDER_TEMPLATES.map((name, i) => (
          <TextField
            key={name}
            name={`templates.${name}.delayInHours`}
            label={t('settings.reminderDelay', { n: i + 1 })}
            numeric="number"
            min={1}
            step={1}
          />
        ))}
        <TextField
          name="digestSendAtHourUtc"
          label={t('settings.digestHour')}
          hint={t('settings.digestHourHint')}
          numeric="number"
          min={0}
          max={23}
          step={1}
        />
      </SettingsSection>
      <IntegrationSection view={data} />
    </div>
  );
}
