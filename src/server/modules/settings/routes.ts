import { z } from 'zod';
import { FeaturesSchema, ColorsSchema } from '#shared/schemas/settings';
import { LogoSchema, WordingsSchema } from '#shared/schemas/registration';
import { permissionsFor } from '#shared/permissions';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/policy.ts';
import type { App } from '../../http/types.ts';
import { getStore } from '../stores/find-store.ts';

export const AppInfoSchema = z.object({
  store: z.string(),
  shopName: z.string(),
  wordings: WordingsSchema,
  features: FeaturesSchema,
  colors: ColorsSchema,
  logo: LogoSchema,
  user: z.object({
    email: z.string(),
    name: z.string().nullable(),
    vendor: z.string(),
    admin: z.boolean(),
    permissions: z.array(z.string()),
  }),
});

export function registerSettingsRoutes(app: App, ctx: AppContext) {
  app.get(
    '/api/app/info',
    {
      config: { policy: 'user' },
      schema: { tags: ['settings'], summary: "The signed-in user's store: name, wordings, features", response: { 200: AppInfoSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const store = await getStore(ctx.db, auth.storeId);
      return {
        store: store.id,
        shopName: store.shopName,
        wordings: store.settings.wordings,
        features: store.settings.features,
        colors: store.settings.colors,
        logo: store.settings.logoText,
        user: {
          email: auth.email,
          name: auth.name,
          vendor: auth.vendor,
          admin: auth.isAdmin,
          permissions: permissionsFor({ admin: auth.isAdmin }),
        },
      };
    },
  );
}
