import { write } from 'node:fs';

/** Past this many bytes waiting for a reader that does not read, new lines are dropped, not kept in memory. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;
/** How soon a write that met a full non-blocking pipe (EAGAIN) is tried again. */
const RETRY_MS = 50;

/**
 * Where the log goes: a file descriptor (stdout), written off the main thread and never waited for.
 * Pino's own stdout stream flushes synchronously on exit and retries a failed write for ever (a
 * closed pipe answers EPIPE every time, a full one blocks), so a process whose log reader died or
 * stalled could never exit, not even by the shutdown timeout. Here a write error other than EAGAIN
 * ends the log for good, a reader that does not keep up loses lines past MAX_PENDING_BYTES, and
 * exiting never flushes: the lines still waiting are the price of an exit that always happens.
 */
export function createLogDestination(fd = 1) {
  let queue: string[] = [];
  let pendingBytes = 0;
  let writing = false;
  let gone = false;

  const writeAll = (buffer: Buffer, offset: number) => {
    write(fd, buffer, offset, buffer.length - offset, null, (error, written) => {
      if (error) {
        if (error.code === 'EAGAIN') {
          setTimeout(() => writeAll(buffer, offset), RETRY_MS).unref();
          return;
        }
        gone = true;
        queue = [];
        return;
      }
      if (offset + written < buffer.length) return writeAll(buffer, offset + written);
      pendingBytes -= buffer.length;
      writing = false;
      next();
    });
  };
  const next = () => {
    if (gone || writing || queue.length === 0) return;
    writing = true;
    const buffer = Buffer.from(queue.join(''));
    queue = [];
    writeAll(buffer, 0);
  };

  return {
    write(line: string) {
      if (gone) return;
      const bytes = Buffer.byteLength(line);
      if (pendingBytes + bytes > MAX_PENDING_BYTES) return;
      pendingBytes += bytes;
      queue.push(line);
      next();
    },
  };
}
