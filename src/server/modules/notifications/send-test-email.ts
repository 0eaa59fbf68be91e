import type { TestEmail } from '#shared/schemas/notifications';
import type { AppContext } from '#server/context';
import { getStore } from '../stores/index.ts';
import { requireTemplateName } from './get-template.ts';
import { sampleVars } from './templates/index.ts';

/**
 * Queues a test e-mail of a template as the store has it (its own body or the default), rendered
 * with the sample variables (priced in the store's currency) merged with `params`. It goes through the job queue like every mail,
 * whatever the notification settings say, and lands in the outbox with its subject marked [Test].
 */
export async function sendTestEmail(ctx: AppContext, storeId: string, templateName: string, input: TestEmail) {
  const template = requireTemplateName(templateName);
  const store = await getStore(ctx.db, storeId);
  await ctx.mailer.send({
    storeId,
    template,
    to: input.email,
    vars: sampleVars(template, store.settings.currency, input.params),
    isTest: true,
  });
}
