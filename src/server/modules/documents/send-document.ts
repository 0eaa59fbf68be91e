import type { FastifyReply } from 'fastify';
import { documentPolicy } from './document-page.ts';
import type { RenderedDocument } from './render-document.ts';

/** A document as a download: a PDF as an attachment; the HTML page to print inline, under its own strict policy. */
export function sendDocument(reply: FastifyReply, document: RenderedDocument) {
  const pdf = document.contentType === 'application/pdf';
  reply
    .header('content-type', document.contentType)
    .header('content-disposition', `${pdf ? 'attachment' : 'inline'}; filename="${document.filename}"`);
  if (!pdf) reply.header('content-security-policy', documentPolicy(true));
  return reply.send(document.body);
}
