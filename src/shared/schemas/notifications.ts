import { z } from 'zod';
import { MSG } from '../messages.ts';
import { EmailSchema } from './common.ts';

/** The e-mail templates, in the order the settings screen lists them. */
export const SPEC_TEMPLATES = [
  'vendor-new-message',
  'vendor-pending-approval',
  'vendor-rejection',
  'order-placed',
  'product-approved',
  'product-unapproved',
  'order-reminder-1',
  'order-reminder-2',
  'order-reminder-3',
  'auth-change-password',
  'auth-verify',
  'auth-invite',
  'marketplace-on-product-submitted',
  'marketplace-duty-digest',
  'marketplace-new-vendor',
  'marketplace-vendor-request',
  'marketplace-automated-payments',
  'marketplace-integration-set',
  'doc-customer-invoice',
  'doc-packing-slip',
  'doc-vendor-invoice',
  'offer-received',
  'offer-rejected',
  'offer-requested',
] as const;

/** Mails the product sends beyond the spec's list (public contact calls, finished exports); editable like the others. */
export const EXTRA_TEMPLATES = [
  'marketplace-contact-message',
  'marketplace-new-subscriber',
  'export-ready',
  'buyer-new-message',
  'offer-accepted',
] as const;

export const TEMPLATE_NAMES = [...SPEC_TEMPLATES, ...EXTRA_TEMPLATES] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export const REMINDER_TEMPLATES = ['order-reminder-1', 'order-reminder-2', 'order-reminder-3'] as const;
export type ReminderTemplate = (typeof REMINDER_TEMPLATES)[number];
export const DEFAULT_REMINDER_DELAYS: Record<ReminderTemplate, number> = {
  'order-reminder-1': 24,
  'order-reminder-2': 48,
  'order-reminder-3': 72,
};

export const MAILING_SERVICES = ['brevo', 'klaviyo', 'none'] as const;
export type MailingService = (typeof MAILING_SERVICES)[number];

export const NOTIFICATION_MESSAGES = {
  digestHour: 'Must be an integer between 0 and 23',
  delayInHours: 'Must be a positive integer',
  apiKeyRequired: MSG.required,
  unknownTemplate: 'Unknown template',
} as const;

export const isTemplateName = (name: string): name is TemplateName => (TEMPLATE_NAMES as readonly string[]).includes(name);

/**
 * Mails people need to get in (password reset, invitation, applicant confirmation): sent even when
 * all mail is off or the template is switched off, since muting them would lock people out.
 */
export const isAccessMail = (name: string) => name.startsWith('auth-');

/** Valid e-mail or empty (empty: the product's default sender is used). */
const SendingEmailSchema = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, MSG.invalidEmail)
  .refine((v) => v === '' || EmailSchema.safeParse(v).success, MSG.invalidEmail);

const DelayInHoursSchema = z
  .number({ error: NOTIFICATION_MESSAGES.delayInHours })
  .int(NOTIFICATION_MESSAGES.delayInHours)
  .min(1, NOTIFICATION_MESSAGES.delayInHours)
  // A reminder later than a year is a typo, not a policy.
  .max(24 * 365, 'Must be at most 8760 hours');

const templateSetting = () => z.object({ enabled: z.boolean() });
const reminderSetting = () => z.object({ enabled: z.boolean(), delayInHours: DelayInHoursSchema });
const isReminder = (name: TemplateName): name is ReminderTemplate => (REMINDER_TEMPLATES as readonly string[]).includes(name);

type TemplateShape = {
  [K in TemplateName]: K extends ReminderTemplate ? ReturnType<typeof reminderSetting> : ReturnType<typeof templateSetting>;
};
const templateShape = Object.fromEntries(
  TEMPLATE_NAMES.map((name) => [name, isReminder(name) ? reminderSetting() : templateSetting()]),
) as unknown as TemplateShape;

/** Per template: enabled; reminders also carry their delayInHours after the order. Every template named (a PUT replaces them all). */
export const TemplateSettingsSchema = z.object(templateShape);
export type TemplateSettings = z.infer<typeof TemplateSettingsSchema>;

/** Every template enabled, reminders at their default delays. */
export const DEFAULT_TEMPLATE_SETTINGS = Object.fromEntries(
  TEMPLATE_NAMES.map((name) => [
    name,
    isReminder(name) ? { enabled: true, delayInHours: DEFAULT_REMINDER_DELAYS[name] } : { enabled: true },
  ]),
) as TemplateSettings;

/** Templates as stored: one missing (a template added since) reads as its default. */
const StoredTemplateSettingsSchema = z
  .record(z.string(), z.unknown())
  .transform((stored) => ({ ...DEFAULT_TEMPLATE_SETTINGS, ...stored }))
  .pipe(TemplateSettingsSchema);

const DigestHourSchema = z
  .number({ error: NOTIFICATION_MESSAGES.digestHour })
  .int(NOTIFICATION_MESSAGES.digestHour)
  .min(0, NOTIFICATION_MESSAGES.digestHour)
  .max(23, NOTIFICATION_MESSAGES.digestHour);

const ListIdsSchema = z.array(z.number().int().positive()).max(20);

/**
 * The mailing integration as stored: the API key only ever sealed (AES-GCM, server side), never
 * in clear and never in an answer; answers carry `hasApiKey` instead (NotificationSettingsView).
 */
export const StoredIntegrationSchema = z.object({
  service: z.enum(MAILING_SERVICES).default('none'),
  apiKeyEncrypted: z.string().optional(),
  /** Brevo lists new contacts are added to. */
  listIds: ListIdsSchema.optional(),
});

/** What PUT notifications/settings replaces: every field required, so a partial body cannot reset the others. */
const editable = {
  disableAll: z.boolean(),
  sendingEmail: SendingEmailSchema,
  templates: TemplateSettingsSchema,
  digestSendAtHourUtc: DigestHourSchema,
};

/**
 * `stores.settings.notifications` as stored, every default filled in. The settings owner embeds this
 * schema; never send `integration.apiKeyEncrypted` to a client (use `toNotificationSettingsView`).
 */
export const NotificationSettingsSchema = z.object({
  disableAll: editable.disableAll.default(false),
  sendingEmail: editable.sendingEmail.default(''),
  templates: StoredTemplateSettingsSchema.default(DEFAULT_TEMPLATE_SETTINGS),
  digestSendAtHourUtc: editable.digestSendAtHourUtc.default(8),
  integration: StoredIntegrationSchema.default({ service: 'none' }),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** PUT /api/notifications/settings: everything but the integration (PATCH notifications/integration). */
export const NotificationSettingsUpdateSchema = z.object(editable);
export type NotificationSettingsUpdate = z.infer<typeof NotificationSettingsUpdateSchema>;

export const IntegrationViewSchema = z.object({
  service: z.enum(MAILING_SERVICES),
  hasApiKey: z.boolean(),
  listIds: ListIdsSchema.optional(),
});

/** GET/PUT /api/notifications/settings answer: the settings with the key replaced by hasApiKey. */
export const NotificationSettingsViewSchema = z.object({ ...editable, integration: IntegrationViewSchema });
export type NotificationSettingsView = z.infer<typeof NotificationSettingsViewSchema>;

export function toNotificationSettingsView(settings: NotificationSettings): NotificationSettingsView {
  const { service, apiKeyEncrypted, listIds } = settings.integration;
  return {
    disableAll: settings.disableAll,
    sendingEmail: settings.sendingEmail,
    templates: settings.templates,
    digestSendAtHourUtc: settings.digestSendAtHourUtc,
    integration: { service, hasApiKey: service !== 'none' && !!apiKeyEncrypted, ...(listIds ? { listIds } : {}) },
  };
}

/** PATCH /api/notifications/integration. `none` clears the key; the others need one. */
export const IntegrationUpdateSchema = z
  .object({
    service: z.enum(MAILING_SERVICES, { error: 'Service must be brevo, klaviyo or none' }),
    apiKey: z.string().trim().max(500, 'Must be at most 500 characters').optional(),
    listIds: ListIdsSchema.optional(),
  })
  .refine((v) => v.service === 'none' || !!v.apiKey, { message: NOTIFICATION_MESSAGES.apiKeyRequired, path: ['apiKey'] });
export type IntegrationUpdate = z.infer<typeof IntegrationUpdateSchema>;

/** Templates are Liquid; 200 000 characters is the engine's parse limit too. */
const LiquidSourceSchema = (max: number) => z.string({ error: MSG.required }).max(max, `Must be at most ${max} characters`);

export const TemplateNameParamsSchema = z.object({ template: z.string().max(100) });

export const TemplateSummarySchema = z.object({
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** The store has its own body or subject for this template. */
  customised: z.boolean(),
});
export const TemplateListSchema = z.object({ templates: z.array(TemplateSummarySchema) });
export type TemplateList = z.infer<typeof TemplateListSchema>;

export const TemplateVariableSchema = z.object({ description: z.string(), sample: z.unknown() });

export const TemplateDetailSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** What the editor shows: the store's body, or the default when it has none. */
  htmlBody: z.string(),
  defaultHtml: z.string(),
  subject: z.string(),
  defaultSubject: z.string(),
  /** Variable name → what it holds and a sample value (used by previews and test e-mails). */
  variables: z.record(z.string(), TemplateVariableSchema),
  enabled: z.boolean(),
  customised: z.boolean(),
});
export type TemplateDetail = z.infer<typeof TemplateDetailSchema>;

/** PUT a template: an empty htmlBody (or subject) goes back to the default. */
export const TemplateUpdateSchema = z.object({
  htmlBody: LiquidSourceSchema(200_000),
  subject: LiquidSourceSchema(1000).optional(),
});
export type TemplateUpdate = z.infer<typeof TemplateUpdateSchema>;

const ParamsSchema = z.record(z.string().max(100), z.unknown()).default({});

export const TestEmailSchema = z.object({ email: EmailSchema, params: ParamsSchema });
export type TestEmail = z.infer<typeof TestEmailSchema>;

/** POST .../{template}/preview: renders the body being edited (or the saved one) with the samples and params. */
export const TemplatePreviewSchema = z.object({
  htmlBody: LiquidSourceSchema(200_000).optional(),
  subject: LiquidSourceSchema(1000).optional(),
  params: ParamsSchema,
});
export type TemplatePreview = z.infer<typeof TemplatePreviewSchema>;
export const TemplatePreviewAnswerSchema = z.object({ subject: z.string(), html: z.string() });

export const OUTBOX_PAGE_SIZE = 50;
/** Offset pagination stops here (10 000 mails back); older mails stay in the database. */
export const OUTBOX_MAX_PAGE = 200;

export const OutboxQuerySchema = z.object({
  page: z.coerce
    .number({ error: `Page must be between 1 and ${OUTBOX_MAX_PAGE}` })
    .int(`Page must be between 1 and ${OUTBOX_MAX_PAGE}`)
    .min(1, `Page must be between 1 and ${OUTBOX_MAX_PAGE}`)
    .max(OUTBOX_MAX_PAGE, `Page must be between 1 and ${OUTBOX_MAX_PAGE}`)
    .default(1),
});

export const OutboxEmailSchema = z.object({
  id: z.string(),
  template: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** How it left: outbox (kept here only), smtp, or failed (see error). */
  transport: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;

export const OutboxPageSchema = z.object({
  emails: z.array(OutboxEmailSchema),
  page: z.number(),
  /** Pages available, at most OUTBOX_MAX_PAGE. */
  pageCount: z.number(),
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;
