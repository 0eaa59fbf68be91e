import { isEmail, isPlainObject, startFakeServer, type FakeAnswer, type RecordedRequest } from './fake-mailing-server.ts';

/**
 * An in-process Brevo (API v3) speaking Brevo's documented shapes: the `api-key` header on every
 * call; `GET /v3/account`; `POST /v3/contacts {email, attributes, listIds, updateEnabled}` answering
 * 201 for a new contact and 204 for an update. Anything else is refused as Brevo would.
 */
export async function startFakeBrevo(options: { apiKeys: string[] }) {
  const contacts = new Map<string, { email: string; attributes: Record<string, unknown>; listIds: number[] }>();
  const handle = (request: RecordedRequest): FakeAnswer => {
    const key = request.headers['api-key'];
    if (typeof key !== 'string' || !options.apiKeys.includes(key))
      return { status: 401, body: { code: 'unauthorized', message: 'Key not found' } };
    if (request.method === 'GET' && request.path === '/v3/account') {
      return { status: 200, body: { email: 'owner@brevo.example', firstName: 'Owner', companyName: 'Example', plan: [{ type: 'free' }] } };
    }
    if (request.method === 'POST' && request.path === '/v3/contacts') {
      if (!String(request.headers['content-type']).startsWith('application/json'))
        return { status: 415, body: { code: 'invalid_parameter', message: 'Content-Type must be application/json' } };
      const body = request.body;
      if (!isPlainObject(body) || !isEmail(body.email))
        return { status: 400, body: { code: 'invalid_parameter', message: 'Invalid email address' } };
      if (body.attributes !== undefined && !isPlainObject(body.attributes))
        return { status: 400, body: { code: 'invalid_parameter', message: 'attributes must be an object' } };
      if (body.listIds !== undefined && (!Array.isArray(body.listIds) || !body.listIds.every((id) => Number.isInteger(id)))) {
        return { status: 400, body: { code: 'invalid_parameter', message: 'listIds must be a list of integers' } };
      }
      if (body.updateEnabled !== undefined && typeof body.updateEnabled !== 'boolean')
        return { status: 400, body: { code: 'invalid_parameter', message: 'updateEnabled must be a boolean' } };
      const email = (body.email as string).toLowerCase();
      const existing = contacts.get(email);
      if (existing && body.updateEnabled !== true)
        return { status: 400, body: { code: 'duplicate_parameter', message: 'Contact already exist' } };
      contacts.set(email, {
        email,
        attributes: { ...existing?.attributes, ...(body.attributes as Record<string, unknown> | undefined) },
        listIds: [...new Set([...(existing?.listIds ?? []), ...((body.listIds as number[] | undefined) ?? [])])],
      });
      return existing ? { status: 204 } : { status: 201, body: { id: contacts.size } };
    }
    return { status: 404, body: { code: 'not_found', message: 'Not found' } };
  };
  const server = await startFakeServer(handle);
  return { ...server, baseUrl: `${server.url}/v3`, contacts };
}
