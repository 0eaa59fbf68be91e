import { z } from 'zod';
import { MoneyTextSchema } from './money.ts';

export const AUDIT_ACTOR_KINDS = ['admin', 'vendor', 'api', 'job', 'webhook', 'public', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
/** The areas the history is filtered by (each audited table belongs to one). */
export const AUDIT_AREAS = [
  'products',
  'orders',
  'vendors',
  'users',
  'settings',
  'finance',
  'offers',
  'discounts',
  'delivery',
  'notifications',
  'integrations',
  'payments',
  'shipping',
  'membership',
  'conversations',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];
export const AUDIT_PAGE_SIZE = 50;

const isoDate = z.iso.date();

/** GET audit/records and audit/records.csv: every filter is optional; `after` is the previous page's `next`. */
export const AuditQuerySchema = z.object({
  actorKind: z.enum(AUDIT_ACTOR_KINDS).optional(),
  /** A user: only the changes that user made. */
  actorUserId: z.uuid().optional(),
  area: z.enum(AUDIT_AREAS).optional(),
  /** One object's history: its table and id ("products" and the product's id); with both, its parts' records too (its variants). */
  entity: z
    .string()
    .regex(/^[a-z_]{1,60}$/)
    .optional(),
  entityId: z.string().min(1).max(200).optional(),
  /** Inclusive days (UTC). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Words in the object's name or the person's name. */
  q: z.string().trim().max(200).optional(),
  after: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** An amount of a money field, in the currency the row had: `{ amount: "19.99", currency: "USD" }`. */
export const AuditAmountSchema = z.object({ amount: MoneyTextSchema, currency: z.string() });
export type AuditAmount = z.infer<typeof AuditAmountSchema>;

/** A money field's change: each side an amount (null when it had none). */
export const AuditMoneyChangeSchema = z.object({
  money: z.literal(true),
  from: AuditAmountSchema.nullable(),
  to: AuditAmountSchema.nullable(),
});

/** A changed field: its value before and after (amounts for money), or only "changed" for a secret. */
export const AuditChangeSchema = z.union([
  z.literal('changed'),
  // Before the plain change, which would match a money change too and drop its marker.
  AuditMoneyChangeSchema,
  z.object({ from: z.unknown(), to: z.unknown() }),
]);
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditRecordSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ kind: z.enum(AUDIT_ACTOR_KINDS), userId: z.string().nullable(), name: z.string().nullable() }),
  /** The vendor an admin acted as, or a vendor's own. */
  actingVendor: z.string().nullable(),
  requestId: z.string().nullable(),
  source: z.string().nullable(),
  area: z.string(),
  entity: z.string(),
  entityId: z.string(),
  label: z.string().nullable(),
  action: z.enum(['insert', 'update', 'delete']),
  changes: z.record(z.string(), AuditChangeSchema),
  /** The ledger entries written by the same change (a money write). */
  ledgerEntryIds: z.array(z.string()),
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;

export const AuditPageSchema = z.object({ records: z.array(AuditRecordSchema), next: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;
