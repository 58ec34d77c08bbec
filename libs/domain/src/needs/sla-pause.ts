import { addBusinessTime, BusinessSchedule, businessTimeBetween } from './sla-clock';

/** The SLA clock of a need: its due date, and while ON_HOLD when it stopped and what was left. */
export interface SlaClock {
  dueDate: Date | null;
  slaPausedAt: Date | null;
  slaRemainingSeconds: number | null;
}

/** Stops the clock at `pausedAt`, keeping the open time left until the due date (none once overdue). */
export function pauseSla(
  dueDate: Date | null,
  pausedAt: Date,
  schedule: BusinessSchedule | null,
): SlaClock {
  return {
    dueDate,
    slaPausedAt: pausedAt,
    slaRemainingSeconds:
      dueDate && Math.round(businessTimeBetween(pausedAt, dueDate, schedule) / 1000),
  };
}

/** Restarts a stopped clock at `resumedAt`: the due date moves by the open time spent paused. */
export function resumeSla(
  clock: SlaClock,
  resumedAt: Date,
  schedule: BusinessSchedule | null,
): SlaClock {
  const { slaRemainingSeconds: remaining } = clock;
  return {
    dueDate:
      remaining === null ? clock.dueDate : addBusinessTime(resumedAt, remaining * 1000, schedule),
    slaPausedAt: null,
    slaRemainingSeconds: null,
  };
}
