import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Password hashes (argon2) on threads of their own at a lower CPU priority (nice 10, on Linux):
 * at most cores − 1 at once, so twenty sign-ins at once queue among themselves, and where the
 * machine runs short of cores (the database, other processes) the scheduler serves the event loop
 * before a hash. On libuv's pool a hash competed with the event loop as an equal: on 2 shared
 * cores, a cheap call's p99 during twenty sign-ins was 11–24 ms there, ~8 ms here (bench:http;
 * docs/decisions/auth.md, "Passwords"). The price: where cores are short, a sign-in waits longer for its hash.
 */
const SIZE = Math.max(1, os.availableParallelism() - 1);
const NICE = 10;

interface Task {
  op: 'hash' | 'verify';
  args: unknown[];
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

const queue: Task[] = [];
const idle: Worker[] = [];
const running = new Map<Worker, Task>();

/** Runs one hash or verification on a hash thread; the threads start on first use. */
export function onHashThread<T>(op: Task['op'], args: unknown[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push({ op, args, resolve: resolve as Task['resolve'], reject });
    pump();
  });
}

function pump() {
  while (queue.length > 0) {
    const worker = idle.pop() ?? (running.size < SIZE ? start() : null);
    if (!worker) return;
    const task = queue.shift()!;
    running.set(worker, task);
    // A pending hash keeps the process alive (as libuv's pool did); an idle thread does not.
    worker.ref();
    worker.postMessage({ op: task.op, args: task.args });
  }
}

function start(): Worker {
  const worker = new Worker(new URL('./hash-thread.mjs', import.meta.url), { workerData: { nice: NICE } });
  worker.unref();
  worker.on('message', ({ value, error }: { value?: unknown; error?: string }) => {
    const task = running.get(worker)!;
    running.delete(worker);
    worker.unref();
    idle.push(worker);
    if (error === undefined) task.resolve(value as never);
    else task.reject(new Error(error));
    pump();
  });
  // A thread that dies takes only its task with it; the next task starts another.
  worker.on('error', (error) => running.get(worker)?.reject(error));
  worker.on('exit', () => {
    running.get(worker)?.reject(new Error('The password hashing thread stopped'));
    running.delete(worker);
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    pump();
  });
  return worker;
}
