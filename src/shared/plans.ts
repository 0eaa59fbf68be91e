/**
 * The marketplace's plans and add-ons: the ONE place their limits and prices live (the spec gives
 * none; docs/decisions/installation.md "The plan catalogue lives in one place" says why these). The API enforces them, the
 * installation screen shows them. `null` means no limit.
 */
export const PLAN_IDS = ['starter', 'growth', 'scale'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const ADDON_IDS = ['conversations', 'labels'] as const;
export type AddonId = (typeof ADDON_IDS)[number];

export interface PlanLimits {
  vendors: number | null;
  products: number | null;
  ordersPerMonth: number | null;
}

export interface Plan {
  id: PlanId;
  /** Monthly price in USD cents (minor units). */
  price: number;
  limits: PlanLimits;
  /** Add-ons this plan includes at no extra price. */
  includedAddons: readonly AddonId[];
}

export const PLANS: Record<PlanId, Plan> = {
  starter: { id: 'starter', price: 0, limits: { vendors: 5, products: 100, ordersPerMonth: 100 }, includedAddons: [] },
  growth: { id: 'growth', price: 4900, limits: { vendors: 50, products: 2000, ordersPerMonth: 2000 }, includedAddons: [] },
  scale: {
    id: 'scale',
    price: 19900,
    limits: { vendors: null, products: null, ordersPerMonth: null },
    includedAddons: ['conversations', 'labels'],
  },
};

/** Monthly price of each add-on in USD cents, on plans that do not include it. */
export const ADDON_PRICES: Record<AddonId, number> = { conversations: 1500, labels: 1500 };

/** A new store tries the marketplace for this many days with the trial plan before it must choose. */
export const INSTALLATION_TRIAL_DAYS = 14;
/** What a store in its trial may use: the middle plan with every add-on. */
export const TRIAL_PLAN: PlanId = 'growth';
/** What a store whose trial is over and that never chose a plan falls back to. */
export const FALLBACK_PLAN: PlanId = 'starter';

export type LimitName = keyof PlanLimits;
export const LIMIT_NAMES: readonly LimitName[] = ['vendors', 'products', 'ordersPerMonth'];

/** The add-ons a store has on a plan: the plan's own plus the ones bought. */
export function addonsOf(plan: PlanId, bought: readonly AddonId[]): AddonId[] {
  return ADDON_IDS.filter((addon) => PLANS[plan].includedAddons.includes(addon) || bought.includes(addon));
}

/** Monthly price of a plan with the add-ons bought on it (included ones cost nothing). */
export function monthlyPrice(plan: PlanId, bought: readonly AddonId[]): number {
  return (
    PLANS[plan].price +
    bought.filter((addon) => !PLANS[plan].includedAddons.includes(addon)).reduce((sum, addon) => sum + ADDON_PRICES[addon], 0)
  );
}

/** Whether `count` has reached the limit (a new one would exceed it). */
export const isAtLimit = (limit: number | null, count: number) => limit !== null && count >= limit;
