// One password-hashing thread of hash-threads.ts. Plain JavaScript: a worker thread runs without
// the TypeScript loader of the thread that starts it.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

try {
  // On Linux a thread has its own nice value, and /proc/thread-self names this thread's id.
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), workerData.nice);
} catch {
  // Elsewhere the thread keeps the process's priority: still off the event loop, as before.
}

parentPort.on('message', ({ op, args }) => {
  try {
    parentPort.postMessage({ value: op === 'hash' ? hashSync(...args) : verifySync(...args) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
