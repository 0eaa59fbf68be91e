import { runAsActor } from '../db/audit-actor.ts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import type { JobKind } from './job-kind.ts';

export interface RunningJob {
  id: string;
  attempts: number;
  /**
   * Aborted when the process shuts down: a long job (an import) saves its progress and hands over to
   * a fresh job, which another process takes at once.
   */
  signal: AbortSignal;
}

export type JobHandler<S extends z.ZodType = z.ZodType> = (payload: z.infer<S>, job: RunningJob) => Promise<void>;

/** A payload its kind's schema refuses: running it again cannot help, so it fails at once. */
class InvalidPayload extends Error {}

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

/** How long stop() waits for a job in progress before giving its claim back. */
export const STOP_GRACE_MS = 10_000;

/** Retry delay after the n-th failed attempt: 10 s, 40 s, 90 s ... capped at one hour. */
export const backoffSeconds = (attempt: number) => Math.min(3600, 10 * attempt * attempt);

/**
 * The durable job queue: jobs live in the database, so they survive a restart; a job is claimed
 * with SKIP LOCKED under a lease, so several processes share the work and each job runs once;
 * a failed job is retried with backoff until its attempts run out.
 */
export class JobQueue {
  private handlers = new Map<string, { kind: JobKind; handler: JobHandler }>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private stopping = new AbortController();
  /** Jobs this process has claimed and not finished: given back on stop if still running then. */
  private claimed = new Set<string>();

  constructor(
    private db: Db,
    private log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    private pollMs = 1000,
    /**
     * The clock jobs fall due by: the app's, so a test that moves time moves it for the queue too
     * (the database's now() would keep running on the real calendar).
     */
    private now: () => Date = () => new Date(),
  ) {}

  register<S extends z.ZodType>(kind: JobKind<S>, handler: JobHandler<S>) {
    if (this.handlers.has(kind.type)) throw new Error(`Job type ${kind.type} is registered twice`);
    this.handlers.set(kind.type, { kind, handler: handler as JobHandler });
  }

  /** Queues a job; its payload is checked against its kind's schema first (a bad one throws, nothing queued). */
  async enqueue<S extends z.ZodType>(kind: JobKind<S>, payload: z.input<S>, options: EnqueueOptions = {}, db: Db = this.db) {
    await db
      .insert(jobs)
      .values({
        type: kind.type,
        payload: kind.payload.parse(payload) as Record<string, unknown>,
        dedupeKey: options.dedupeKey,
        runAt: options.runAt ?? this.now(),
        maxAttempts: options.maxAttempts ?? 5,
      })
      .onConflictDoNothing();
    if (!this.stopped) setImmediate(() => this.kick());
  }

  /** Whether this process runs jobs (readiness reports it). */
  get isRunning() {
    return !this.stopped;
  }

  start() {
    this.stopped = false;
    this.stopping = new AbortController();
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /**
   * Claims no more jobs, asks the one in progress to hand over (its signal), waits for it up to
   * `graceMs`, then gives back any claim still held, so another process runs it at once instead of
   * after the five-minute lease. The given-back attempt does not count against the job's attempts.
   */
  async stop(graceMs = STOP_GRACE_MS) {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.stopping.abort();
    const running = this.running;
    if (running) {
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(timer);
      if (!waited) this.log.warn({ jobs: [...this.claimed] }, 'job still running at shutdown; giving its claim back');
    }
    await this.release();
  }

  private async release() {
    const ids = [...this.claimed];
    if (ids.length === 0) return;
    this.claimed.clear();
    await this.db.execute(sql`
      UPDATE jobs SET status = 'pending', attempts = greatest(attempts - 1, 0), locked_until = NULL, run_at = ${this.now()}
      WHERE status = 'running' AND id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }

  /** Runs due jobs until none is left (tests call this instead of waiting for the poller). */
  async drain(): Promise<number> {
    await this.running;
    let count = 0;
    // Not the shutdown signal: a drain after stop() still runs jobs to the end.
    const signal = new AbortController().signal;
    while (await this.runOne(signal)) count++;
    return count;
  }

  private kick() {
    if (this.running) return;
    this.running = (async () => {
      try {
        while (!this.stopped && (await this.runOne(this.stopping.signal)));
      } catch (error) {
        this.log.error({ err: error }, 'job queue poll failed');
      } finally {
        this.running = null;
      }
    })();
  }

  private async runOne(signal: AbortSignal): Promise<boolean> {
    const now = this.now();
    const result = await this.db.execute(sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${now}::timestamptz + interval '5 minutes'
      WHERE id = (
        SELECT id FROM jobs
        WHERE (status = 'pending' AND run_at <= ${now}) OR (status = 'running' AND locked_until < ${now})
        ORDER BY run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, type, payload, attempts, max_attempts`);
    const job = (result as unknown as { rows: ClaimedJob[] }).rows[0];
    if (!job) return false;
    const registered = this.handlers.get(job.type);
    this.claimed.add(job.id);
    try {
      if (!registered) throw new Error(`No handler for job type ${job.type}`);
      const payload = registered.kind.payload.safeParse(job.payload);
      if (!payload.success) throw new InvalidPayload(`Invalid payload for job type ${job.type}: ${payload.error.message}`);
      // Whatever the job writes is recorded as the job's (a request's actor does not leak into it).
      await runAsActor({ kind: 'job', source: job.type }, () =>
        registered.handler(payload.data, { id: job.id, attempts: job.attempts, signal }),
      );
      await this.db.execute(sql`UPDATE jobs SET status = 'done', finished_at = ${this.now()}, locked_until = NULL WHERE id = ${job.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const exhausted = error instanceof InvalidPayload || job.attempts >= job.max_attempts;
      this.log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err: message }, 'job failed');
      await this.db.execute(sql`
        UPDATE jobs SET status = ${exhausted ? 'failed' : 'pending'}, last_error = ${message.slice(0, 2000)},
          locked_until = NULL, run_at = ${this.now()}::timestamptz + make_interval(secs => ${backoffSeconds(job.attempts)}),
          finished_at = ${exhausted ? this.now() : null}
        WHERE id = ${job.id}`);
    } finally {
      this.claimed.delete(job.id);
    }
    return true;
  }
}
