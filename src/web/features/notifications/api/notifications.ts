import useSWR, { mutate } from 'swr';
import type {
  IntegrationUpdate,
  NotificationSettingsUpdate,
  NotificationSettingsView,
  OutboxPage,
  TemplateDetail,
  TemplateList,
  TemplateUpdate,
} from '#shared/schemas/notifications';
import { endpoint } from '../../../api/endpoint.ts';

const LIST_KEY = 'notifications/templates';
const SETTINGS_KEY = 'notifications/settings';

const getTemplates = endpoint<Record<string, never>, TemplateList>({ path: 'notifications/templates' });
const getTemplate = endpoint<{ template: string }, TemplateDetail>({ path: 'notifications/templates/{template}', pathParams: ['template'] });
const putTemplate = endpoint<{ template: string } & TemplateUpdate, TemplateDetail>({
  method: 'PUT',
  path: 'notifications/templates/{template}',
  pathParams: ['template'],
  body: ['htmlBody', 'subject'],
});
export const previewTemplate = endpoint<{ template: string; htmlBody: string; subject: string; params: Record<string, unknown> }, { subject: string; html: string }>({
  method: 'POST',
  path: 'notifications/templates/{template}/preview',
  pathParams: ['template'],
  body: ['htmlBody', 'subject', 'params'],
});
export const sendTestEmail = endpoint<{ template: string; email: string; params: Record<string, unknown> }, { ok: true }>({
  method: 'POST',
  path: 'notifications/templates/{template}/test-email',
  pathParams: ['template'],
  body: ['email', 'params'],
});
const getSettings = endpoint<Record<string, never>, NotificationSettingsView>({ path: 'notifications/settings' });
const putSettings = endpoint<NotificationSettingsUpdate, NotificationSettingsView>({
  method: 'PUT',
  path: 'notifications/settings',
  body: ['disableAll', 'sendingEmail', 'templates', 'digestSendAtHourUtc'],
});
const patchIntegration = endpoint<IntegrationUpdate, NotificationSettingsView>({ method: 'PATCH', path: 'notifications/integration', body: ['service', 'apiKey'] });
const getOutbox = endpoint<{ page: number }, OutboxPage>({ path: 'notifications/outbox', query: ['page'] });

const once = { revalidateOnFocus: false, revalidateOnReconnect: false };

export const useTemplates = () => useSWR(LIST_KEY, () => getTemplates(), once);
export const useTemplate = (template: string) => useSWR(['notifications/template', template], () => getTemplate({ template }), once);
export const useNotificationSettings = () => useSWR(SETTINGS_KEY, () => getSettings(), once);
export const useOutbox = (page: number) => useSWR(['notifications/outbox', page], () => getOutbox({ page }));

/** PUT a template's body and subject (empty = back to the default); answers the stored template. */
export async function saveTemplate(template: string, update: TemplateUpdate) {
  const saved = await putTemplate({ template, ...update });
  await mutate(['notifications/template', template], saved, { revalidate: false });
  await mutate(LIST_KEY);
  return saved;
}

/** PUT notifications/settings (everything but the integration). */
export async function saveNotificationSettings(settings: NotificationSettingsUpdate) {
  const saved = await putSettings(settings);
  await mutate(SETTINGS_KEY, saved, { revalidate: false });
  await mutate(LIST_KEY);
  return saved;
}

/** PATCH notifications/integration: the key is checked by the provider, then stored; it never comes back. */
export async function saveIntegration(update: IntegrationUpdate) {
  const saved = await patchIntegration(update);
  await mutate(SETTINGS_KEY, saved, { revalidate: false });
  return saved;
}
