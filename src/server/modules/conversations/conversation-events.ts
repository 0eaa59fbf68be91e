import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { ConversationEvent } from '#shared/schemas/conversations';
import type { AppContext } from '#server/context';

/** A change to one conversation, with what the streams need to decide who may hear of it. */
export interface StoredConversationEvent extends ConversationEvent {
  storeId: string;
  vendorId: string;
}

const CHANNEL = 'conversation_events';

/**
 * Live updates of conversations to open screens. On PostgreSQL every process LISTENs on one
 * channel and a change is NOTIFYed after its transaction commits, so a message written through one
 * process reaches a screen streaming from another; PGlite runs in one process, so an in-process
 * emitter is the same thing there. A lost listener connection ends the open streams (the screens
 * reconnect, and poll meanwhile).
 */
export class ConversationEvents {
  private emitter = new EventEmitter();
  private listener: Promise<pg.Client> | null = null;

  constructor(private ctx: Pick<AppContext, 'db' | 'dbKind'>) {
    this.emitter.setMaxListeners(0);
  }

  /** Announces a committed change (call it after the transaction, never inside). */
  async publish(event: StoredConversationEvent) {
    if (this.ctx.dbKind === 'postgres') await this.ctx.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
    else this.emitter.emit('event', event);
  }

  /** Calls `onEvent` for every change in every store until the returned function is called; `onLost` when the feed breaks. */
  async subscribe(onEvent: (event: StoredConversationEvent) => void, onLost: () => void): Promise<() => void> {
    if (this.ctx.dbKind === 'postgres') await this.listen();
    this.emitter.on('event', onEvent);
    this.emitter.on('lost', onLost);
    return () => {
      this.emitter.off('event', onEvent);
      this.emitter.off('lost', onLost);
    };
  }

  /** One LISTEN connection per process, opened on the first subscriber, outside the pool. */
  private listen(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const { default: pgModule } = await import('pg');
      const pool = (this.ctx.db as unknown as { $client: pg.Pool }).$client;
      const client = new pgModule.Client(pool.options);
      const lost = () => {
        this.listener = null;
        this.emitter.emit('lost');
        client.end().catch(() => {});
      };
      client.on('error', lost);
      client.on('end', () => {
        if (this.listener) lost();
      });
      client.on('notification', (message) => {
        if (message.channel !== CHANNEL || !message.payload) return;
        this.emitter.emit('event', JSON.parse(message.payload) as StoredConversationEvent);
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      return client;
    })().catch((error) => {
      this.listener = null;
      throw error;
    });
    return this.listener;
  }

  /** Ends the open streams (a closing server waits for its connections) and the LISTEN connection. */
  async close() {
    const listener = this.listener;
    this.listener = null;
    this.emitter.emit('lost');
    this.emitter.removeAllListeners();
    if (listener) await (await listener.catch(() => null))?.end().catch(() => {});
  }
}

const hubs = new WeakMap<object, ConversationEvents>();

/** The process's hub for an app (one per built app, closed with it). */
export function conversationEvents(ctx: Pick<AppContext, 'db' | 'dbKind'>): ConversationEvents {
  let hub = hubs.get(ctx.db);
  if (!hub) {
    hub = new ConversationEvents(ctx);
    hubs.set(ctx.db, hub);
  }
  return hub;
}
