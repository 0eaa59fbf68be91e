import type { RouteRecord } from '../../src/server/http/policy.ts';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** A concrete URL for a route pattern: path parameters get a harmless value (an unknown id). */
export const sampleUrl = (url: string) => url.replace(/:[A-Za-z_]+/g, SAMPLE_ID).replace(/\*$/, 'x');

/** The routes of the route table that take a body: every write call. */
export const writeRoutes = (routes: readonly RouteRecord[]) => routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
