import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

export type JobHandler = (payload: Record<string, unknown>, job: { id: string; attempts: number }) => Promise<void>;

export interface EnqueueOptions {
  /** Enqueueing twice with one key makes one job: an event mails once even if reported twice. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

interface ClaimedJob {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** Retry delay after the n-th failed attempt: 10 s, 40 s, 90 s ... capped at one hour. */
export const backoffSeconds = (attempt: number) => Math.min(3600, 10 * attempt * attempt);

/**
 * The durable job queue: jobs live in the database, so they survive a restart; a job is claimed
 * with SKIP LOCKED under a lease, so several processes share the work and each job runs once;
 * a failed job is retried with backoff until its attempts run out.
 */
export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private db: Db,
    private log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    private pollMs = 1000,
  ) {}

  register(type: string, handler: JobHandler) {
    this.handlers.set(type, handler);
  }

  async enqueue(type: string, payload: Record<string, unknown>, options: EnqueueOptions = {}, db: Db = this.db) {
    await db
      .insert(jobs)
      .values({
        type,
        payload,
        dedupeKey: options.dedupeKey,
        runAt: options.runAt ?? new Date(),
        maxAttempts: options.maxAttempts ?? 5,
      })
      .onConflictDoNothing();
    if (!this.stopped) setImmediate(() => this.kick());
  }

  start() {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Runs due jobs until none is left (tests call this instead of waiting for the poller). */
  async drain(): Promise<number> {
    await this.running;
    let count = 0;
    while (await this.runOne()) count++;
    return count;
  }

  private kick() {
    if (this.running) return;
    this.running = (async () => {
      try {
        while (!this.stopped && (await this.runOne()));
      } catch (error) {
        this.log.error({ err: error }, 'job queue poll failed');
      } finally {
        this.running = null;
      }
    })();
  }

  private async runOne(): Promise<boolean> {
    const result = await this.db.execute(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
      WHERE id = (
        SELECT id FROM jobs
        WHERE (status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now())
        ORDER BY run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, type, payload, attempts, max_attempts`);
    const job = (result as unknown as { rows: ClaimedJob[] }).rows[0];
    if (!job) return false;
    const handler = this.handlers.get(job.type);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job.payload, { id: job.id, attempts: job.attempts });
      await this.db.execute(sql`UPDATE jobs SET status = 'done', finished_at = now(), locked_until = NULL WHERE id = ${job.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = job.attempts >= job.max_attempts;
      this.log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: message }, 'job failed');
      await this.db.execute(sql`
        UPDATE jobs SET status = ${exhausted ? 'failed' : 'pending'}, last_error = ${message.slice(0, 2000)},
          locked_until = NULL, run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)}),
          finished_at = ${exhausted ? sql`now()` : null}
        WHERE id = ${job.id}`);
    }
    return true;
  }
}

