import { StorefrontSyncError } from '../types.ts';
import type { AdminGraphqlClient } from './admin-graphql.ts';

export const APP_SUBSCRIPTION_CREATE_MUTATION = `mutation AppSubscriptionCreate($name: String!, $returnUrl: URL!, $lineItems: [AppSubscriptionLineItemInput!]!, $test: Boolean) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, lineItems: $lineItems, test: $test) {
    appSubscription { id status }
    confirmationUrl
    userErrors { field message }
  }
}`;

export const APP_SUBSCRIPTION_CANCEL_MUTATION = `mutation AppSubscriptionCancel($id: ID!) {
  appSubscriptionCancel(id: $id) {
    appSubscription { id status }
    userErrors { field message }
  }
}`;

interface UserError {
  field?: string[] | null;
  message: string;
}
const describe = (errors: UserError[]) =>
  errors.map((e) => (e.field?.length ? `${e.field.join('.')}: ${e.message}` : e.message)).join('; ');

export interface RecurringCharge {
  /** What the merchant reads on the platform's approval page and invoice. */
  name: string;
  /** The monthly price as a decimal string ("199.00") in `currencyCode`. */
  amount: string;
  currencyCode: string;
  /** Where the platform sends the merchant's browser once they approved or declined. */
  returnUrl: string;
  test: boolean;
}

/** The platform's billing of our app (Admin GraphQL): a recurring charge the merchant approves on the platform. */
export function createShopifyBilling(client: AdminGraphqlClient) {
  return {
    /** Creates a pending subscription; answers its id and the page where the merchant approves it. */
    async createSubscription(charge: RecurringCharge): Promise<{ subscriptionId: string; confirmationUrl: string }> {
      const data = await client.request<{
        appSubscriptionCreate: { appSubscription: { id: string } | null; confirmationUrl: string | null; userErrors: UserError[] };
      }>(APP_SUBSCRIPTION_CREATE_MUTATION, {
        name: charge.name,
        returnUrl: charge.returnUrl,
        test: charge.test,
        lineItems: [
          {
            plan: {
              appRecurringPricingDetails: {
                price: { amount: charge.amount, currencyCode: charge.currencyCode },
                interval: 'EVERY_30_DAYS',
              },
            },
          },
        ],
      });
      const { appSubscription, confirmationUrl, userErrors } = data.appSubscriptionCreate;
      if (userErrors.length || !appSubscription || !confirmationUrl)
        throw new StorefrontSyncError(`The platform refused the charge: ${describe(userErrors)}`, false);
      return { subscriptionId: appSubscription.id, confirmationUrl };
    },
    /** Cancels a subscription; one the platform no longer has running is not an error. */
    async cancelSubscription(subscriptionId: string): Promise<void> {
      const data = await client.request<{ appSubscriptionCancel: { userErrors: UserError[] } }>(APP_SUBSCRIPTION_CANCEL_MUTATION, {
        id: subscriptionId,
      });
      const { userErrors } = data.appSubscriptionCancel;
      if (userErrors.length && !userErrors.some((e) => /not found|does not exist|already|cancel/i.test(e.message))) {
        throw new StorefrontSyncError(`The platform refused to cancel the charge: ${describe(userErrors)}`, false);
      }
    },
  };
}
