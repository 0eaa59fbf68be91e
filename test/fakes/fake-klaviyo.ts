import { randomUUID } from 'node:crypto';
import { isEmail, isPlainObject, startFakeServer, type FakeAnswer, type RecordedRequest } from './fake-mailing-server.ts';

const jsonApiError = (status: number, code: string, detail: string, meta?: Record<string, unknown>): FakeAnswer => ({
  status,
  body: { errors: [{ id: randomUUID(), status, code, title: code, detail, ...(meta ? { meta } : {}) }] },
});

/**
 * An in-process Klaviyo speaking Klaviyo's documented shapes: `Authorization: Klaviyo-API-Key <key>`
 * and a `revision: YYYY-MM-DD` header on every call; `GET /api/accounts/`; `POST /api/profiles/
 * {data: {type: "profile", attributes: {email, first_name, properties}}}` answering 201, or 409
 * `duplicate_profile` when the e-mail already has a profile.
 */
export async function startFakeKlaviyo(options: { apiKeys: string[] }) {
  const profiles = new Map<string, { id: string; attributes: Record<string, unknown> }>();
  const handle = (request: RecordedRequest): FakeAnswer => {
    const auth = /^Klaviyo-API-Key (.+)$/.exec(String(request.headers.authorization ?? ''));
    if (!auth || !options.apiKeys.includes(auth[1])) return jsonApiError(401, 'not_authenticated', 'Incorrect authentication credentials.');
    if (!/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(String(request.headers.revision ?? '')))
      return jsonApiError(400, 'invalid', 'A revision header is required.');
    if (request.method === 'GET' && request.path === '/api/accounts/') {
      return {
        status: 200,
        body: { data: [{ type: 'account', id: 'AbC123', attributes: { contact_information: { organization_name: 'Example' } } }] },
      };
    }
    if (request.method === 'POST' && request.path === '/api/profiles/') {
      if (!/^application\/(vnd\.api\+)?json/.test(String(request.headers['content-type'])))
        return jsonApiError(415, 'unsupported_media_type', 'Use application/vnd.api+json.');
      const data = isPlainObject(request.body) ? request.body.data : undefined;
      if (!isPlainObject(data) || data.type !== 'profile') return jsonApiError(400, 'invalid', 'data.type must be "profile".');
      const attributes = data.attributes;
      if (!isPlainObject(attributes) || !isEmail(attributes.email)) return jsonApiError(400, 'invalid', 'A valid email is required.');
      if (attributes.properties !== undefined && !isPlainObject(attributes.properties))
        return jsonApiError(400, 'invalid', 'properties must be an object.');
      const email = (attributes.email as string).toLowerCase();
      const existing = profiles.get(email);
      if (existing)
        return jsonApiError(409, 'duplicate_profile', 'A profile already exists with one of these identifiers.', {
          duplicate_profile_id: existing.id,
        });
      const profile = { id: randomUUID(), attributes };
      profiles.set(email, profile);
      return { status: 201, body: { data: { type: 'profile', ...profile } } };
    }
    return jsonApiError(404, 'not_found', 'Not found.');
  };
  const server = await startFakeServer(handle);
  return { ...server, baseUrl: `${server.url}/api`, profiles };
}
