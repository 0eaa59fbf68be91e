import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPLATE_SETTINGS,
  IntegrationUpdateSchema,
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
  OutboxQuerySchema,
  SPEC_TEMPLATES,
  TEMPLATE_NAMES,
  TemplateUpdateSchema,
  TestEmailSchema,
  toNotificationSettingsView,
} from './notifications.ts';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('notification templates', () => {
  it('has the 24 templates of the spec, and the extra ones after them', () => {
    expect(SPEC_TEMPLATES).toHaveLength(24);
    expect(new Set(TEMPLATE_NAMES).size).toBe(TEMPLATE_NAMES.length);
    expect(TEMPLATE_NAMES).toEqual(
      expect.arrayContaining(['marketplace-contact-message', 'marketplace-new-subscriber', 'offer-requested']),
    );
  });
});

describe('NotificationSettingsSchema', () => {
  it('fills every default: all templates enabled, reminders 24/48/72 hours, digest at 8 UTC, no integration', () => {
    const settings = NotificationSettingsSchema.parse({});
    expect(settings).toMatchObject({ disableAll: false, sendingEmail: '', digestSendAtHourUtc: 8, integration: { service: 'none' } });
    expect(Object.keys(settings.templates)).toEqual([...TEMPLATE_NAMES]);
    expect(Object.values(settings.templates).every((t) => t.enabled)).toBe(true);
    expect(settings.templates['order-reminder-1']).toEqual({ enabled: true, delayInHours: 24 });
    expect(settings.templates['order-reminder-2'].delayInHours).toBe(48);
    expect(settings.templates['order-reminder-3'].delayInHours).toBe(72);
  });

  it('reads what an older store stored (only sendingEmail and disableAll)', () => {
    const settings = NotificationSettingsSchema.parse({ sendingEmail: 'Shop@Example.com ', disableAll: true });
    expect(settings.sendingEmail).toBe('shop@example.com');
    expect(settings.disableAll).toBe(true);
  });

  it('keeps the sealed key and lists it only as hasApiKey in the view', () => {
    const settings = NotificationSettingsSchema.parse({ integration: { service: 'brevo', apiKeyEncrypted: 'v1.a.b.c', listIds: [2] } });
    expect(settings.integration.apiKeyEncrypted).toBe('v1.a.b.c');
    const view = toNotificationSettingsView(settings);
    expect(view.integration).toEqual({ service: 'brevo', hasApiKey: true, listIds: [2] });
    expect(JSON.stringify(view)).not.toContain('v1.a.b.c');
  });
});

describe('NotificationSettingsUpdateSchema', () => {
  const complete = { disableAll: false, sendingEmail: '', templates: DEFAULT_TEMPLATE_SETTINGS, digestSendAtHourUtc: 8 };
  const withTemplate = (name: string, setting: unknown) => ({ ...complete, templates: { ...DEFAULT_TEMPLATE_SETTINGS, [name]: setting } });

  it('needs every field and every template: a PUT replaces them all', () => {
    expect(messages(NotificationSettingsUpdateSchema.safeParse({ disableAll: true }))).toEqual({
      sendingEmail: 'Must be a valid email',
      templates: 'Required field',
      digestSendAtHourUtc: 'Must be an integer between 0 and 23',
    });
    const { 'order-placed': _left, ...others } = DEFAULT_TEMPLATE_SETTINGS;
    expect(messages(NotificationSettingsUpdateSchema.safeParse({ ...complete, templates: others }))).toEqual({
      'templates.order-placed': 'Required field',
    });
  });

  it('digestSendAtHourUtc is an integer 0 to 23', () => {
    for (const hour of [0, 23])
      expect(NotificationSettingsUpdateSchema.safeParse({ ...complete, digestSendAtHourUtc: hour }).success).toBe(true);
    for (const hour of [-1, 24, 7.5, '8']) {
      expect(messages(NotificationSettingsUpdateSchema.safeParse({ ...complete, digestSendAtHourUtc: hour }))).toEqual({
        digestSendAtHourUtc: 'Must be an integer between 0 and 23',
      });
    }
  });

  it('reminder delayInHours is a positive integer', () => {
    const ok = NotificationSettingsUpdateSchema.parse(withTemplate('order-reminder-2', { enabled: false, delayInHours: 12 }));
    expect(ok.templates['order-reminder-2']).toEqual({ enabled: false, delayInHours: 12 });
    expect(ok.templates['order-reminder-1']).toEqual({ enabled: true, delayInHours: 24 });
    for (const delay of [0, -5, 1.5, null]) {
      expect(
        messages(NotificationSettingsUpdateSchema.safeParse(withTemplate('order-reminder-3', { enabled: true, delayInHours: delay }))),
      ).toEqual({
        'templates.order-reminder-3.delayInHours': 'Must be a positive integer',
      });
    }
  });

  it('sendingEmail is an e-mail or empty', () => {
    expect(NotificationSettingsUpdateSchema.parse({ ...complete, sendingEmail: '  ' }).sendingEmail).toBe('');
    expect(messages(NotificationSettingsUpdateSchema.safeParse({ ...complete, sendingEmail: 'not-an-email' }))).toEqual({
      sendingEmail: 'Must be a valid email',
    });
  });

  it('does not carry the integration (it has its own call)', () => {
    const parsed = NotificationSettingsUpdateSchema.parse({ ...complete, integration: { service: 'brevo', apiKeyEncrypted: 'x' } });
    expect(parsed).not.toHaveProperty('integration');
  });
});

describe('IntegrationUpdateSchema', () => {
  it('needs a key for brevo and klaviyo, not for none', () => {
    expect(messages(IntegrationUpdateSchema.safeParse({ service: 'brevo' }))).toEqual({ apiKey: 'Required field' });
    expect(messages(IntegrationUpdateSchema.safeParse({ service: 'klaviyo', apiKey: '  ' }))).toEqual({ apiKey: 'Required field' });
    expect(IntegrationUpdateSchema.safeParse({ service: 'none' }).success).toBe(true);
    expect(messages(IntegrationUpdateSchema.safeParse({ service: 'mailchimp', apiKey: 'k' }))).toEqual({
      service: 'Service must be brevo, klaviyo or none',
    });
  });
});

describe('template calls', () => {
  it('a template update needs an htmlBody (empty means the default)', () => {
    expect(TemplateUpdateSchema.safeParse({ htmlBody: '' }).success).toBe(true);
    expect(messages(TemplateUpdateSchema.safeParse({}))).toEqual({ htmlBody: 'Required field' });
  });

  it('a test e-mail needs a valid address; params default to none', () => {
    expect(TestEmailSchema.parse({ email: 'Me@Shop.test' })).toEqual({ email: 'me@shop.test', params: {} });
    expect(messages(TestEmailSchema.safeParse({ email: 'nope' }))).toEqual({ email: 'Must be a valid email' });
  });

  it('the outbox page is 1 to 200', () => {
    expect(OutboxQuerySchema.parse({})).toEqual({ page: 1 });
    expect(OutboxQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    expect(OutboxQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(OutboxQuerySchema.safeParse({ page: '201' }).success).toBe(false);
  });
});
