import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context';
import { conversationEvents, type StoredConversationEvent } from './conversation-events.ts';
import { viewerStore, type ConversationViewer } from './conversation-scope.ts';

/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

function visibleTo(viewer: ConversationViewer, event: StoredConversationEvent): boolean {
  if (event.storeId !== viewerStore(viewer)) return false;
  if (viewer.kind === 'buyer') return event.conversationId === viewer.conversationId;
  return !viewer.auth.vendorId || viewer.auth.vendorId === event.vendorId;
}

/**
 * GET conversations/events: the changes the viewer may see, as server-sent events, until the client
 * goes away or the process's feed breaks (the client then reconnects, polling meanwhile). Events
 * carry ids only; the screen reads the conversation through the scoped calls.
 */
export async function streamConversationEvents(ctx: AppContext, viewer: ConversationViewer, request: FastifyRequest, reply: FastifyReply) {
  const hub = conversationEvents(ctx);
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  out.write(': connected\n\n');
  let unsubscribe: () => void = () => {};
  const heartbeat = setInterval(() => out.write(': ping\n\n'), HEARTBEAT_MS);
  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
    if (!out.writableEnded) out.end();
  };
  request.raw.on('close', end);
  try {
    unsubscribe = await hub.subscribe((event) => {
      if (!visibleTo(viewer, event)) return;
      out.write(`event: conversation\ndata: ${JSON.stringify({ conversationId: event.conversationId, kind: event.kind })}\n\n`);
    }, end);
  } catch {
    end();
  }
  if (out.writableEnded) unsubscribe();
}
