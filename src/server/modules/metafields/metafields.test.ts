import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_ACCOUNTS, type TestApp } from '../../../../test/support/test-app.ts';
import { metafieldDefinitions, stores, users } from '#server/db/schema/index';
import { hashPassword } from '../auth/passwords.ts';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['login']>>;
let vendor: Awaited<ReturnType<TestApp['login']>>;
beforeAll(async () => {
  t = await createTestApp();
  [admin, vendor] = await Promise.all([t.login(DEMO_ACCOUNTS.admin), t.login(DEMO_ACCOUNTS.vendor1)]);
});
afterAll(() => t.close());

const save = (payload: object, who = admin) => t.app.inject({ method: 'POST', url: '/api/metafields', headers: who.headers, payload });
const list = (owner = 'products', who = admin) =>
  t.app.inject({ method: 'GET', url: `/api/metafields?owner=${owner}`, headers: who.headers });
const errorsOf = (res: { json(): { errors: { path: string; message: string }[] } }) =>
  Object.fromEntries(res.json().errors.map((e) => [e.path, e.message]));

describe('metafield definitions', () => {
  it('answers a definition stored before some of its fields existed with their defaults', async () => {
    await t.db
      .insert(metafieldDefinitions)
      .values({ storeId: 'demo', owner: 'collections', key: 'old', position: 9, definition: { key: 'old', name: 'Old', type: 'input' } });
    const res = await list('collections');
    expect(res.statusCode).toBe(200);
    expect(res.json().metafields.find((m: { key: string }) => m.key === 'old')).toMatchObject({
      key: 'old',
      description: '',
      link: '',
      options: [],
      required: false,
      owner: 'collections',
      position: 9,
    });
    await t.db.delete(metafieldDefinitions).where(eq(metafieldDefinitions.key, 'old'));
  });

  it('creates, lists in order, updates and deletes definitions per owner', async () => {
    const material = await save({
      key: 'material',
      name: 'Material',
      type: 'select',
      options: ['Wood', 'Metal'],
      description: 'Main material {required:true}',
    });
    expect(material.statusCode).toBe(200);
    expect(material.json()).toMatchObject({ key: 'material', type: 'select', owner: 'products', position: 0 });
    await save({ key: 'finish', name: 'Finish', type: 'input', description: '{show:material|showWhen:Wood}' });
    await save({ owner: 'collections', key: 'banner', name: 'Banner', type: 'image' });
    const products = (await list('products', vendor)).json().metafields;
    expect(products.map((m: { key: string }) => m.key)).toEqual(['material', 'finish']);
    expect((await list('collections')).json().metafields.map((m: { key: string }) => m.key)).toEqual(['banner']);
    const updated = await save({
      id: material.json().id,
      key: 'material',
      name: 'Materials',
      type: 'checkbox',
      validation: { options: ['Wood'] },
    });
    expect(updated.json()).toMatchObject({ name: 'Materials', type: 'checkbox', options: ['Wood'] });
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/metafields',
      headers: admin.headers,
      payload: { id: material.json().id },
    });
    expect(del.statusCode).toBe(200);
    expect((await list()).json().metafields.map((m: { key: string }) => m.key)).toEqual(['finish']);
  });

  it('validates with the spec messages', async () => {
    expect(errorsOf(await save({ key: 'a', name: '', type: 'input' }))).toMatchObject({ name: 'Required field' });
    expect(errorsOf(await save({ key: 'b', name: 'Terms', type: 'terms' }))).toMatchObject({ link: 'Required field' });
    expect(errorsOf(await save({ key: 'c', name: 'Doc', type: 'url', link: 'not a url' }))).toMatchObject({ link: 'Must be a valid URL' });
    expect(errorsOf(await save({ key: 'd', name: 'Tags', type: 'checkbox', options: [] }))).toMatchObject({
      options: 'There should be at least one choice',
    });
    expect(errorsOf(await save({ key: 'e', name: 'Size', type: 'select', options: ['S'] }))).toMatchObject({
      options: 'There should be at least two choices',
    });
    expect((await save({ key: 'f', name: 'X', type: 'hologram' })).statusCode).toBe(400);
    const dup = await save({ key: 'finish', name: 'Again', type: 'input' });
    expect(dup.statusCode).toBe(409);
  });

  it('is admin-only to change, and store-scoped', async () => {
    expect((await save({ key: 'v', name: 'V', type: 'input' }, vendor)).statusCode).toBe(403);
    await t.db.insert(stores).values({ id: 'other', shopName: 'Other' });
    await t.db
      .insert(users)
      .values({ storeId: 'other', email: 'boss@other.test', isAdmin: true, passwordHash: await hashPassword('other-password-1') });
    const other = await t.login('boss@other.test', 'other-password-1', 'other');
    expect((await list('products', other)).json().metafields).toEqual([]);
    const [mine] = (await list()).json().metafields;
    const foreign = await t.app.inject({ method: 'DELETE', url: '/api/metafields', headers: other.headers, payload: { id: mine.id } });
    expect(foreign.statusCode).toBe(404);
    const hijack = await save({ id: mine.id, key: 'finish', name: 'Hijacked', type: 'input' }, other);
    expect(hijack.statusCode).toBe(404);
    expect((await list()).json().metafields[0].name).toBe('Finish');
  });
});
