import type { App } from '#server/http/types';

export function registerDocsRoutes(app: App) {
  app.get('/api/docs/openapi.json', { config: { policy: 'public' }, schema: { hide: true } }, async () =>
    (app as unknown as { swagger(): unknown }).swagger(),
  );
}
