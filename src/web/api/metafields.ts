import useSWR, { mutate } from 'swr';
import { OkSchema } from '#shared/schemas/common';
import {
  DeleteMetafieldSchema,
  ListMetafieldsQuerySchema,
  MetafieldAnswerSchema,
  MetafieldListSchema,
  SaveMetafieldSchema,
  type MetafieldDefinition,
  type MetafieldOwner,
} from '#shared/schemas/metafields';
import { endpoint } from './endpoint.ts';

export type { StoredMetafield } from '#shared/schemas/metafields';

const keyOf = (owner: MetafieldOwner) => ['metafields', owner] as const;

const getMetafields = endpoint({ path: 'metafields', request: ListMetafieldsQuerySchema, answer: MetafieldListSchema });
const postMetafield = endpoint({ method: 'POST', path: 'metafields', request: SaveMetafieldSchema, answer: MetafieldAnswerSchema });
const deleteCall = endpoint({ method: 'DELETE', path: 'metafields', request: DeleteMetafieldSchema, answer: OkSchema });

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
