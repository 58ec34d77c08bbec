import { readFileSync } from 'node:fs';

export interface RssFigures {
  /** Resident set sizes in MB. */
  start: number;
  peak: number;
  end: number;
  samples: number;
}

/** The process's resident set size in MB (VmRSS of /proc/<pid>/status). */
export function rssMegabytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  if (!line) throw new Error(`No VmRSS for process ${pid}`);
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
}

/** Samples the process's RSS every second until stop(), which takes the end sample. */
export function sampleRss(pid: number): { stop(): RssFigures } {
  const start = rssMegabytes(pid);
  let peak = start;
  let samples = 1;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMegabytes(pid));
    samples += 1;
  }, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      const end = rssMegabytes(pid);
      return { start, peak: Math.max(peak, end), end, samples: samples + 1 };
    },
  };
}
