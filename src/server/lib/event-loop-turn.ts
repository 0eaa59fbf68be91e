/**
 * Lets the event loop take a turn (I/O, timers, other requests) before going on: long work that
 * runs beside a database write (the CSV import plans its next page while the database writes this
 * one) takes one every so often, so the write's next statement is not kept waiting behind it.
 */
export const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
