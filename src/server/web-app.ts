import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { App } from './http/types.ts';

/**
 * Serves the built SPA under /app: existing files (hashed assets) as files, every other /app path
 * as index.html so the client router decides. Without a build (API-only tests) /app answers a hint.
 */
export async function registerWebApp(app: App, config: Config) {
  const root = config.webDist;
  const page = { config: { policy: 'public' as const }, schema: { hide: true } };
  app.get('/', page, (_request, reply) => reply.redirect('/app'));
  if (!existsSync(path.join(root, 'index.html'))) {
    app.get('/app', page, (_request, reply) =>
      reply.type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).'),
    );
    return;
  }
  // serve: false: only reply.sendFile, so every route stays ours and declares its policy.
  // preCompressed: the build wrote .br and .gz beside each text file; the one the browser accepts goes out.
  // cacheControl: false: the plugin's own `max-age=0` would replace the headers set below.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true, cacheControl: false });
  const isFile = (relative: string) => {
    const target = path.resolve(root, relative);
    if (!target.startsWith(root + path.sep)) return false;
    try {
      return statSync(target).isFile();
    } catch {
      return false;
    }
  };
  const serve = (request: FastifyRequest, reply: FastifyReply) => {
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    // The compressed copies are sent in place of their file, never asked for by name.
    if (relative && relative !== 'index.html' && !/\.(br|gz)$/.test(relative) && isFile(relative)) {
      // Hashed asset names never change content.
      if (relative.startsWith('assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(relative);
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };
  app.get('/app', page, serve);
  app.get('/app/*', page, serve);
  // Browsers and bookmarks ask the site root for its icon.
  app.get('/favicon.ico', page, (_request, reply) => reply.redirect('/app/favicon.svg', 301));
}
