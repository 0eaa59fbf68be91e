/**
 * The default e-mail templates, kept under this name for the modules that import it. The
 * catalogue itself (subjects, bodies, documented variables with samples) lives in templates/.
 */
export type { TemplateName } from '#shared/schemas/notifications';
export { TEMPLATES as DEFAULT_TEMPLATES, type TemplateDefinition as DefaultTemplate } from './templates/index.ts';
