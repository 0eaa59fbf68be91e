import useSWR, { mutate } from 'swr';
import {
  IntegrationUpdateSchema,
  NotificationSettingsUpdateSchema,
  NotificationSettingsViewSchema,
  OutboxPageSchema,
  OutboxQuerySchema,
  TemplateDetailSchema,
  TemplateListSchema,
  TemplatePreviewAnswerSchema,
  TemplatePreviewSchema,
  TemplateUpdateSchema,
  TestEmailSchema,
  type IntegrationUpdate,
  type NotificationSettingsUpdate,
  type TemplateUpdate,
} from '#shared/schemas/notifications';
import { OkSchema } from '#shared/schemas/common';
import { endpoint } from '#web/api/endpoint.ts';

const LIST_KEY = 'notifications/templates';
const SETTINGS_KEY = 'notifications/settings';

const getTemplates = endpoint({ path: 'notifications/templates', answer: TemplateListSchema });
const getTemplate = endpoint({ path: 'notifications/templates/{template}', pathParams: ['template'], answer: TemplateDetailSchema });
const putTemplate = endpoint({
  method: 'PUT',
  path: 'notifications/templates/{template}',
  pathParams: ['template'],
  request: TemplateUpdateSchema,
  answer: TemplateDetailSchema,
});
export const previewTemplate = endpoint({
  method: 'POST',
  path: 'notifications/templates/{template}/preview',
  pathParams: ['template'],
  request: TemplatePreviewSchema,
  answer: TemplatePreviewAnswerSchema,
});
export const sendTestEmail = endpoint({
  method: 'POST',
  path: 'notifications/templates/{template}/test-email',
  pathParams: ['template'],
  request: TestEmailSchema,
  answer: OkSchema,
});
const getSettings = endpoint({ path: 'notifications/settings', answer: NotificationSettingsViewSchema });
const putSettings = endpoint({
  method: 'PUT',
  path: 'notifications/settings',
  request: NotificationSettingsUpdateSchema,
  answer: NotificationSettingsViewSchema,
});
const patchIntegration = endpoint({
  method: 'PATCH',
  path: 'notifications/integration',
  request: IntegrationUpdateSchema,
  answer: NotificationSettingsViewSchema,
});
const getOutbox = endpoint({ path: 'notifications/outbox', request: OutboxQuerySchema, answer: OutboxPageSchema });

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
