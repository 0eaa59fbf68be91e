import type { ServerModule } from '#server/server-module';
import { countMissedMessages } from './missed-messages.ts';
import { registerConversationRoutes } from './routes.ts';

/** The conversations module: buyer–vendor conversations; the unread counter of the shell. */
export const conversationsModule: ServerModule = {
  register: registerConversationRoutes,
  contributes: { statusCounters: [countMissedMessages] },
};
