import type { RegistrationField } from '#shared/schemas/registration';
import type { Db } from '#server/db/client';
import { registrationMetafields } from '../metafields/index.ts';
import type { StoreRecord } from '../stores/index.ts';

/**
 * The questions of a store's registration form: its own registration fields, then the vendor
 * metafields flagged for registration (a metafield whose key a registration field already uses is
 * left out, so each key is asked once).
 */
export async function storeRegistrationFields(db: Db, store: StoreRecord): Promise<RegistrationField[]> {
  const own = store.settings.registration.fields;
  const keys = new Set(own.map((f) => f.key));
  return [...own, ...(await registrationMetafields(db, store.id)).filter((f) => !keys.has(f.key))];
}
