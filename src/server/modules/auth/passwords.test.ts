import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

/** A thread's nice value (Linux: field 19 of its stat line). */
const niceOf = (tid: string | number) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
const onLinux = process.platform === 'linux';

describe('password hashing', () => {
  it('checks a password against its hash, and refuses a wrong one, an unknown user and a broken hash', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse battery')).toBe(false);
    expect(await verifyPassword(null, 'correct horse battery')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'correct horse battery')).toBe(false);
  });

  it('answers every one of many hashes asked at once', async () => {
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`password number ${i}`)));
    expect(await Promise.all(hashes.map((hash, i) => verifyPassword(hash, `password number ${i}`)))).toEqual(Array(6).fill(true));
  });

  // A process already at nice 10 or more (a niced CI) cannot give a thread a lower value.
  it.runIf(onLinux && niceOf(process.pid) < 10)('hashes on a thread at a lower CPU priority than the event loop', async () => {
    await hashPassword('any password at all');
    expect(readdirSync('/proc/self/task').map(niceOf)).toContain(10);
  });
});
