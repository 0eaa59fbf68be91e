import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { jobs } from '../db/schema/index.ts';
import { defineJob } from './job-kind.ts';
import { JobQueue } from './queue.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GREET = defineJob('test.greet', z.object({ name: z.string().min(1) }));
const quiet = { error: () => {}, warn: () => {} };

describe('the typed job registry', () => {
  it('hands the handler the payload its kind describes', async () => {
    const queue = new JobQueue(t.db, quiet);
    const seen: string[] = [];
    queue.register(GREET, async ({ name }) => void seen.push(name));
    await queue.enqueue(GREET, { name: 'Ada' });
    await queue.drain();
    expect(seen).toEqual(['Ada']);
  });

  it('refuses to queue a payload its kind does not describe: nothing is written', async () => {
    const queue = new JobQueue(t.db, quiet);
    // @ts-expect-error the type checker refuses it too
    await expect(queue.enqueue(GREET, { name: 42 })).rejects.toThrow();
    await expect(queue.enqueue(GREET, { name: '' }, { dedupeKey: 'greet-empty' })).rejects.toThrow();
    expect(await t.db.select().from(jobs).where(eq(jobs.dedupeKey, 'greet-empty'))).toEqual([]);
  });

  it('fails a stored job whose payload no longer fits at once, without retries, and never runs its handler', async () => {
    const queue = new JobQueue(t.db, quiet);
    let ran = false;
    queue.register(GREET, async () => void (ran = true));
    // Due by the queue's clock (the app's), not by the database default's microseconds.
    const [job] = await t.db
      .insert(jobs)
      .values({ type: GREET.type, payload: { nom: 'old shape' }, maxAttempts: 5, runAt: new Date() })
      .returning();
    await queue.drain();
    const [after] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(ran).toBe(false);
    expect(after).toMatchObject({ status: 'failed', attempts: 1 });
    expect(after.lastError).toContain('Invalid payload for job type test.greet');
  });

  it('refuses two handlers for one kind', () => {
    const queue = new JobQueue(t.db, quiet);
    queue.register(GREET, async () => {});
    expect(() => queue.register(GREET, async () => {})).toThrow('registered twice');
  });
});
