import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  definitionOf,
  MetafieldAnswerSchema,
  MetafieldDefinitionSchema,
  type MetafieldDefinition,
  type MetafieldOwner,
  type SaveMetafieldSchema,
} from '#shared/schemas/metafields';
import { parseDescription } from '#shared/metafield-properties';
import type { RegistrationField, RegistrationFieldType } from '#shared/schemas/registration';
import type { Db } from '#server/db/client';
import { metafieldDefinitions } from '#server/db/schema/index';
import { AppError, notFound } from '#server/http/errors';
import { parseOrThrow } from '#server/http/validation';

const KEY_TAKEN = 'A metafield with this key already exists';

/**
 * A stored definition as answered, its defaults filled in: rows written before a field existed (or
 * by hand) lack it, and the answer's check does not fill defaults on the way out.
 */
function toAnswer(row: typeof metafieldDefinitions.$inferSelect) {
  const answer = { ...(row.definition as MetafieldDefinition), id: row.id, owner: row.owner, position: row.position };
  const filled = MetafieldAnswerSchema.safeParse(answer);
  return filled.success ? filled.data : answer;
}

/** The store's definitions of one owner (products or collections), in their order. */
export async function listMetafields(db: Db, storeId: string, owner: MetafieldOwner) {
  const rows = await db
    .select()
    .from(metafieldDefinitions)
    .where(and(eq(metafieldDefinitions.storeId, storeId), eq(metafieldDefinitions.owner, owner)))
    .orderBy(asc(metafieldDefinitions.position), asc(metafieldDefinitions.createdAt));
  return rows.map(toAnswer);
}

/** Creates a definition at the end of its owner's list, or updates the one `id` names; a key is unique per owner. */
export async function saveMetafield(db: Db, storeId: string, input: z.infer<typeof SaveMetafieldSchema>) {
  const definition = parseOrThrow(MetafieldDefinitionSchema, definitionOf(input));
  const { owner, id } = input;
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: metafieldDefinitions.id })
      .from(metafieldDefinitions)
      .where(
        and(eq(metafieldDefinitions.storeId, storeId), eq(metafieldDefinitions.owner, owner), eq(metafieldDefinitions.key, definition.key)),
      );
    if (clash && clash.id !== id) throw new AppError('conflict', KEY_TAKEN, [{ path: 'key', message: KEY_TAKEN }]);
    if (id) {
      const [updated] = await tx
        .update(metafieldDefinitions)
        .set({ key: definition.key, definition, updatedAt: sql`now()` })
        .where(and(eq(metafieldDefinitions.id, id), eq(metafieldDefinitions.storeId, storeId), eq(metafieldDefinitions.owner, owner)))
        .returning();
      if (!updated) throw notFound('Metafield not found');
      return toAnswer(updated);
    }
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${metafieldDefinitions.position}) + 1, 0)::int` })
      .from(metafieldDefinitions)
      .where(and(eq(metafieldDefinitions.storeId, storeId), eq(metafieldDefinitions.owner, owner)));
    const [created] = await tx
      .insert(metafieldDefinitions)
      .values({ storeId, owner, key: definition.key, definition, position: next })
      .returning();
    return toAnswer(created);
  });
}

export async function deleteMetafield(db: Db, storeId: string, id: string) {
  const deleted = await db
    .delete(metafieldDefinitions)
    .where(and(eq(metafieldDefinitions.id, id), eq(metafieldDefinitions.storeId, storeId)))
    .returning({ id: metafieldDefinitions.id });
  if (deleted.length === 0) throw notFound('Metafield not found');
}

/** How a collection metafield is asked on the registration form; a product picker has no place there. */
const REGISTRATION_TYPE: Partial<Record<MetafieldDefinition['type'], RegistrationFieldType>> = {
  input: 'text',
  textarea: 'textarea',
  richtext: 'richtext',
  checkbox: 'checkbox',
  select: 'select',
  file: 'file',
  terms: 'terms',
  video: 'video',
  image: 'image',
  media: 'media',
  list_media: 'media',
  url: 'text',
  date: 'text',
  date_time: 'text',
};

/**
 * The vendor (collection) metafields an admin flagged `registration`, as registration form fields:
 * the applicant answers them, and the answers become the new vendor's metafields when it is approved.
 */
export async function registrationMetafields(db: Db, storeId: string): Promise<RegistrationField[]> {
  return (await listMetafields(db, storeId, 'collections')).flatMap((d) => {
    const type = REGISTRATION_TYPE[d.type];
    if (!d.registration || !type) return [];
    const { text, properties } = parseDescription(d.description);
    return [
      {
        key: d.key,
        name: d.name,
        type,
        required: d.required || properties.required === true,
        description: text,
        options: d.options,
        link: d.link,
      },
    ];
  });
}
