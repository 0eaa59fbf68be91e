import useSWR, { mutate } from 'swr';
import type { MetafieldDefinition, MetafieldOwner } from '#shared/schemas/metafields';
import { endpoint } from './endpoint.ts';

export type StoredMetafield = MetafieldDefinition & { id: string; owner: MetafieldOwner };

const keyOf = (owner: MetafieldOwner) => ['metafields', owner] as const;

const getMetafields = endpoint<{ owner: MetafieldOwner }, { metafields: StoredMetafield[] }>({ path: 'metafields', query: ['owner'] });
const postMetafield = endpoint<MetafieldDefinition & { owner: MetafieldOwner; id?: string }, StoredMetafield>({
  method: 'POST',
  path: 'metafields',
  body: ['owner', 'id', 'key', 'name', 'type', 'description', 'link', 'options', 'showOnVendorPage', 'registration', 'required'],
});
const deleteCall = endpoint<{ id: string }, { ok: true }>({ method: 'DELETE', path: 'metafields', body: ['id'] });

/** GET metafields?owner=: the definitions of products or of collections. */
export const useMetafields = (owner: MetafieldOwner) => useSWR(keyOf(owner), () => getMetafields({ owner }), { revalidateOnFocus: false });

/** POST metafields: creates, or updates the definition with id. */
export async function saveMetafield(owner: MetafieldOwner, definition: MetafieldDefinition, id?: string) {
  const saved = await postMetafield({ ...definition, owner, ...(id ? { id } : {}) });
  await mutate(keyOf(owner));
  return saved;
}

/** DELETE metafields {id}. */
export async function deleteMetafield(owner: MetafieldOwner, id: string) {
  await deleteCall({ id });
  await mutate(keyOf(owner));
}
