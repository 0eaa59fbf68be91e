import type { ServerModule } from '#server/server-module';
import { scheduleDutyDigest } from '../notifications/index.ts';
import { registerDutyDigestJob, scheduleAllDutyDigests } from './duty-digest.ts';

/** The duty-digest module: the admins' daily digest. */
export const dutyDigestModule: ServerModule = {
  jobs: registerDutyDigestJob,
  atStart: scheduleAllDutyDigests,
  scheduleStore: scheduleDutyDigest,
};
