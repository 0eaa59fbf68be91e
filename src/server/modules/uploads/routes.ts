import multipart, { type MultipartFields } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '#shared/limits';
import { MSG } from '#shared/messages';
import { ErrorBodySchema } from '#shared/schemas/common';
import {
  FileSrcQuerySchema,
  FileSrcSchema,
  StagedUploadSchema,
  StageUploadQuerySchema,
  UploadProxySchema,
  UploadUrlQuerySchema,
  UploadUrlSchema,
} from '#shared/schemas/uploads';
import type { AppContext } from '#server/context';
import { AppError, badRequest, unauthorized } from '#server/http/errors';
import type { App } from '#server/http/types';
import { parseOrThrow } from '#server/http/validation';
import { canonicalType } from './accepted-types.ts';
import { createStagedUpload, STAGED_TARGET } from './create-staged-upload.ts';
import { createUploadUrl } from './create-upload-url.ts';
import { findFileSrc, type FileViewer } from './find-file-src.ts';
import { UPLOAD_PATHS } from './file-location.ts';
import { resolveUploader } from './resolve-uploader.ts';
import { serveFile } from './serve-file.ts';
import { verifyUpload } from './sign-upload.ts';
import { storeUpload } from './store-upload.ts';

/**
 * Anonymous callers (the registration form) are limited per address; signed-in callers are not, since
 * a product editor legitimately uploads many images at once and is accountable anyway.
 */
const anonymousUploadLimit = {
  max: 30,
  timeWindow: '1 minute',
  allowList: (request: FastifyRequest) => request.auth !== null,
};

const ByteUploadQuerySchema = z.object({
  contentType: z.string(),
  expires: z.coerce.number().int(),
  signature: z.string(),
});
const KeyParamsSchema = z.object({ '*': z.string().min(1).max(300) });
const LocationSchema = z.object({ location: z.string() });

function fieldValue(fields: MultipartFields, name: string): string {
  const field = fields[name];
  const one = Array.isArray(field) ? field[0] : field;
  return one?.type === 'field' && typeof one.value === 'string' ? one.value : '';
}

export function registerUploadRoutes(app: App, ctx: AppContext) {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();

    scope.put(
      '/api/cdn/stage-upload',
      {
        config: { policy: 'public-or-user', rateLimit: anonymousUploadLimit },
        schema: {
          tags: ['uploads'],
          summary: 'Stage an upload: a multipart form target (stagedUploadsCreate shape) and a file global id',
          querystring: StageUploadQuerySchema,
          response: { 200: StagedUploadSchema },
        },
      },
      async (request) => {
        const { mime, filename, fileSize, store } = request.query;
        const uploader = await resolveUploader(ctx, request.auth, STAGED_TARGET, store);
        return createStagedUpload(ctx, uploader, { mime, filename, fileSize });
      },
    );

    scope.put(
      '/api/cdn/:proxy',
      {
        config: { policy: 'public-or-user', rateLimit: anonymousUploadLimit },
        schema: {
          tags: ['uploads'],
          summary: 'A signed, short-lived URL to PUT one file to, and the location it will be served from',
          params: z.object({ proxy: UploadProxySchema }),
          querystring: UploadUrlQuerySchema,
          response: { 200: UploadUrlSchema },
        },
      },
      async (request) => {
        const { proxy } = request.params;
        const { ext, name, store } = request.query;
        const uploader = await resolveUploader(ctx, request.auth, proxy, store);
        return createUploadUrl(ctx, uploader, { proxy, ext, name });
      },
    );

    scope.get(
      '/api/cdn/shopify/file',
      {
        config: { policy: 'public-or-user' },
        schema: {
          tags: ['uploads'],
          summary: 'The URL of an uploaded file by its global id (the spec spells the query "ressourceId")',
          querystring: FileSrcQuerySchema,
          response: { 200: FileSrcSchema, 404: ErrorBodySchema },
        },
      },
      async (request) => {
        const { ressourceId, store } = request.query;
        const auth = request.auth;
        let viewer: FileViewer;
        if (auth) viewer = { kind: 'user', storeId: auth.storeId, vendorId: auth.vendorId };
        else if (store) viewer = { kind: 'anonymous', storeId: store };
        else throw unauthorized(MSG.signInRequired);
        return { src: await findFileSrc(ctx, viewer, ressourceId) };
      },
    );

    scope.get(
      `${UPLOAD_PATHS.files}/*`,
      {
        config: { policy: 'public' },
        schema: {
          tags: ['uploads'],
          summary: 'Serve an uploaded file (public; keys are unguessable)',
          params: KeyParamsSchema,
          // Streams bypass the serializer; the schema only documents the answer.
          response: { 200: z.unknown().describe('The file bytes, with the stored content type'), 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const file = await serveFile(ctx, request.params['*']);
        return (
          reply
            .header('content-type', file.contentType)
            .header('content-length', file.size)
            .header('content-disposition', file.contentDisposition)
            .header('x-content-type-options', 'nosniff')
            // Keys are never reused for other bytes, so a file can be cached for good.
            .header('cache-control', 'public, max-age=31536000, immutable')
            // Should a file ever be opened as a page, it runs nothing and reaches nothing.
            .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
            .send(file.body)
        );
      },
    );

    // The raw bytes of a signed URL: any Content-Type is read as bytes, up to the size cap.
    scope.register(async (bytesPlugin) => {
      const bytes = bytesPlugin.withTypeProvider<ZodTypeProvider>();
      bytes.removeAllContentTypeParsers();
      bytes.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
      bytes.put(
        `${UPLOAD_PATHS.bytes}/*`,
        {
          config: { policy: 'public' },
          bodyLimit: MAX_UPLOAD_BYTES,
          // The signature is the authorisation: checked before a byte of the body is read.
          onRequest: async (request) => {
            const { '*': key } = parseOrThrow(KeyParamsSchema, request.params);
            const query = parseOrThrow(ByteUploadQuerySchema, request.query);
            verifyUpload(
              ctx.uploadSecret,
              { method: 'PUT', key, contentType: query.contentType, expires: query.expires },
              query.signature,
              ctx.now(),
            );
          },
          schema: {
            tags: ['uploads'],
            summary: 'PUT the raw bytes of a file to its signed URL (Content-Type = the file type)',
            params: KeyParamsSchema,
            querystring: ByteUploadQuerySchema,
            response: { 200: LocationSchema },
          },
        },
        async (request) => {
          const { contentType } = request.query;
          const sent = request.headers['content-type'];
          // A browser sends no type for files it does not recognise; any other type must be the signed one.
          if (sent && !['application/octet-stream', contentType].includes(canonicalType(sent))) {
            throw new AppError('unsupported_media', `This upload URL is for ${contentType} files, not ${sent}`);
          }
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return storeUpload(ctx, { key: request.params['*'], contentType, body });
        },
      );
    });

    // The multipart target of stage-upload; multipart parsing exists only in this scope.
    scope.register(async (stagedPlugin) => {
      await stagedPlugin.register(multipart, {
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 11 },
      });
      const staged = stagedPlugin.withTypeProvider<ZodTypeProvider>();
      staged.post(
        UPLOAD_PATHS.staged,
        {
          config: { policy: 'public' },
          schema: {
            tags: ['uploads'],
            summary: 'POST a staged upload: the target parameters, then the file field last (multipart/form-data)',
            consumes: ['multipart/form-data'],
            response: { 201: LocationSchema },
          },
        },
        async (request, reply) => {
          const part = await request.file();
          if (!part) throw badRequest('Missing file');
          // The parameters come before the file, so they are verified before the file is read.
          const key = fieldValue(part.fields, 'key');
          const contentType = fieldValue(part.fields, 'Content-Type');
          const expires = Number(fieldValue(part.fields, 'expires'));
          try {
            verifyUpload(ctx.uploadSecret, { method: 'POST', key, contentType, expires }, fieldValue(part.fields, 'signature'), ctx.now());
          } catch (error) {
            // Discard the unread file (busboy stops counting at the size cap), or the connection stays stuck mid-body.
            part.file.resume();
            throw error;
          }
          const body = await part.toBuffer();
          // toBuffer does not always notice the cap (when the last chunk ends exactly on it); busboy's flag does.
          if (part.file.truncated) throw new AppError('too_large', MSG.imageTooLarge);
          const result = await storeUpload(ctx, { key, contentType, body });
          return reply.status(201).send(result);
        },
      );
    });
  });
}
