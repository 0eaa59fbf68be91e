import type { AppContext } from '../../context.ts';
import type { App } from '../../http/types.ts';

export function registerDeliveryRoutes(_app: App, _ctx: AppContext) {}
