// The subscription workflow's definitions beyond definitions.ts: the pause and resume commands, what the schedule
// keeps of a pause, and what the upcoming query answers.

/** The pause and resume commands of the subscription workflow's Update (`subscription-command.logic.ts`). */
export type PauseCommand =
  /** Pause at the period's end or now, resuming by itself at `resumesAt` if set; benefits kept while paused or not. */
  | { kind: 'pause'; now: boolean; resumesAt: string | null; keepBenefits: boolean }
  /** Cancel a pause set for the period's end. */
  | { kind: 'unpause' }
  /** Resume a paused subscription now: a new period starts and is charged. */
  | { kind: 'resume' }
  /** When a paused (or pausing) subscription resumes by itself (null: only when resumed). */
  | { kind: 'schedule_resume'; resumesAt: string | null };

/** What the schedule keeps of a pause (absent in schedules read before pauses existed). */
export interface PauseSchedule {
  /** Pauses when the period ends. */
  pauseAtPeriodEnd?: boolean;
  /** Paused since (null unless paused). */
  pausedAt?: string | null;
  /** A paused (or pausing) subscription resumes by itself then (null: only when resumed). */
  resumesAt?: string | null;
}

/** What the subscription will do next, and the renewals after it (the upcoming query's answer). */
export interface UpcomingSchedule {
  status: string;
  next: { action: 'renew' | 'end' | 'retry_payment' | 'pause' | 'resume' | 'none'; at: string | null };
  renewals: string[];
  /** A paused (or pausing) subscription: since when (null: not yet) and until when (null: until resumed). */
  paused?: { since: string | null; until: string | null };
}
