import { z } from 'zod';
import { MoneyTextSchema } from './money.ts';
import { MSG } from '../messages.ts';
import { ADDON_IDS, PLAN_IDS } from '../plans.ts';

export const INSTALLATION_MESSAGES = {
  vendorsLimit: 'Your plan allows {limit} vendors. Upgrade the plan to add more.',
  productsLimit: 'Your plan allows {limit} products. Upgrade the plan to add more.',
  addonMissing: 'This needs the {addon} add-on. Add it to your plan on the Plan screen.',
  /** What a vendor reads: only the marketplace can change its plan. */
  productsLimitVendor: "The marketplace's plan allows {limit} products. Ask the marketplace to upgrade its plan to add more.",
  addonMissingVendor: 'This needs the {addon} add-on. Ask the marketplace to add it to its plan.',
  platformNotConnected: 'Install the app on your platform shop again to change the plan',
  platformUnreachable: 'The platform could not be reached to charge the plan; try again in a moment',
} as const;

export const PlanIdSchema = z.enum(PLAN_IDS, { error: MSG.required });
export const AddonIdSchema = z.enum(ADDON_IDS);

/**
 * PUT admin/installation: the plan and the add-ons bought on it, both required: the plan screen always
 * sends both, and an absent list read as "none" would drop paid add-ons on a plan change.
 */
export const InstallationBodySchema = z.strictObject({
  plan: PlanIdSchema,
  addons: z
    .array(AddonIdSchema)
    .max(ADDON_IDS.length)
    .transform((addons) => [...new Set(addons)]),
});
export type InstallationBody = z.input<typeof InstallationBodySchema>;

const LimitsSchema = z.object({
  vendors: z.number().int().nullable(),
  products: z.number().int().nullable(),
  ordersPerMonth: z.number().int().nullable(),
});

/** GET admin/installation (subscription, counts, shouldUpgradePlan, trialDays). */
export const InstallationAnswerSchema = z.object({
  subscription: z.object({
    /** 'trial': the store has not chosen a plan and uses the trial plan; 'active': a confirmed plan. */
    status: z.enum(['trial', 'active']),
    plan: PlanIdSchema,
    /** The add-ons the store has: bought ones and those its plan includes. */
    addons: z.array(AddonIdSchema),
    /** The add-ons bought (what PUT sent). */
    boughtAddons: z.array(AddonIdSchema),
    limits: LimitsSchema,
    /** Monthly price; plans are priced in USD. */
    price: MoneyTextSchema,
    currency: z.literal('USD'),
    trialEndsAt: z.string().nullable(),
    confirmedAt: z.string().nullable(),
  }),
  counts: z.object({ vendors: z.number().int(), products: z.number().int(), ordersThisMonth: z.number().int() }),
  /** Some count is at or over its limit: new vendors, products or orders will be refused or are past the plan. */
  shouldUpgradePlan: z.boolean(),
  /** Days left in the trial (0 when it is over or a plan was chosen). */
  trialDays: z.number().int(),
  /** Who charges a plan change: the storefront platform (the merchant approves it there) or nobody (the built-in platform applies it at once). */
  billing: z.enum(['platform', 'none']),
  /** The latest change charged on the platform and not approved yet. */
  pendingCharge: z
    .object({
      plan: PlanIdSchema,
      addons: z.array(AddonIdSchema),
      price: MoneyTextSchema,
      currency: z.literal('USD'),
      createdAt: z.string(),
    })
    .nullable(),
});
export type InstallationAnswer = z.infer<typeof InstallationAnswerSchema>;

/** PUT admin/installation answer: where the admin confirms the charge (the platform's approval page, or the Plan screen when applied at once). */
export const InstallationChangeAnswerSchema = z.object({ url: z.string() });
