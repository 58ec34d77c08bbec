/**
 * Node flags for a process the benchmark starts: with BENCH_PROFILE_DIR set, the API and the worker
 * each write a V8 CPU profile there when they exit (open it in Chrome DevTools or speedscope).
 */
export function profileArgs(): string[] {
  const directory = process.env.BENCH_PROFILE_DIR;
  return directory ? ['--cpu-prof', `--cpu-prof-dir=${directory}`] : [];
}
