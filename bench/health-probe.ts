/**
 * bench:http's probe of a cheap call while sign-ins hash, run in a worker thread: the latencies of
 * GET /api/health from one connection, one call after the other, idle and while `signIns` sign-ins
 * hash their passwords at once, in `bursts` rounds (idle, burst, idle, burst...) so that a machine
 * getting busier or quieter weighs on both alike, after a warm-up of calls and of sign-ins. In a
 * worker, as autocannon's load is: run on the server's event loop, the probe's own requests and the
 * sign-ins' clients were part of what it measured.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { signIn } from './sign-in.ts';

export interface ProbeInput {
  base: string;
  store: string;
  email: string;
  password: string;
  signIns: number;
  bursts: number;
  /** How long each idle phase samples (ms). */
  idleMs: number;
  /** Calls made and dropped before any sample (the worker's first calls compile its client). */
  warmup: number;
  /**
   * Sign-ins at once before the first burst, not measured: the first burst of a run was
   * consistently the slower one (the server compiling the sign-in's path under concurrency).
   */
  warmupSignIns: number;
}

/** One round's latencies (ms), idle and during its burst, and how long the burst's sign-ins took together. */
export interface ProbeRound {
  idle: number[];
  busy: number[];
  burstMs: number;
}

/** Latencies (ms) of `call` made one after the other until `until` settles (at least `min` of them). */
async function sample(call: () => Promise<unknown>, until: Promise<unknown>, min: number): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done || times.length < min) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  return times;
}

async function probe({ base, store, email, password, signIns, bursts, idleMs, warmup, warmupSignIns }: ProbeInput): Promise<ProbeRound[]> {
  const health = async () => (await fetch(`${base}/api/health`)).text();
  const signInsAtOnce = (count: number) => Promise.all(Array.from({ length: count }, () => signIn(base, store, email, password)));
  for (let i = 0; i < warmup; i++) await health();
  await signInsAtOnce(warmupSignIns);
  const rounds: ProbeRound[] = [];
  for (let burst = 0; burst < bursts; burst++) {
    const idle = await sample(health, new Promise((resolve) => setTimeout(resolve, idleMs)), 200);
    const t0 = performance.now();
    const hashing = signInsAtOnce(signIns);
    const busy = await sample(health, hashing, 50);
    await hashing;
    rounds.push({ idle, busy, burstMs: performance.now() - t0 });
  }
  return rounds;
}

parentPort!.postMessage(await probe(workerData as ProbeInput));
