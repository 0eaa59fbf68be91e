import type { ServerModule } from '#server/server-module';
import { registerAuthRoutes } from './routes.ts';

/** The auth module: sign-in, sessions, password resets. */
export const authModule: ServerModule = { register: registerAuthRoutes };

export { changePasswordLink, createPasswordCode } from './password-codes.ts';
export { PredictedSessions } from './predicted-sessions.ts';
export { frameMode, setSessionCookies } from './session-cookies.ts';
export { switchVendorView } from './sessions.ts';
export { TokenService } from './tokens.ts';
