import v8 from 'node:v8';

/**
 * Full collections come sooner: the old generation may grow by as much as survived the last one
 * before the next, instead of V8's default (up to four times for a heap that allocates fast). Long
 * work that allocates a lot and keeps little (a CSV import of 100,000 rows keeps about 90 MB live)
 * otherwise lets the process swell to several times its live size (560 MB at the peak of the import
 * benchmark). Half as much again (50 %) held it to 365 MB but cost the validation a fifth of its time
 * in collections (10.9-11.4 s against 8.8-9.0 s at 100 %, which peaks at 367-371 MB). The server's
 * process sets it at start; the benchmarks that measure its memory too.
 */
export function keepHeapNearLiveSize() {
  v8.setFlagsFromString('--heap-growing-percent=100');
}
