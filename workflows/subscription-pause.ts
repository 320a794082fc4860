// The subscription workflow while paused: no renewal and no dunning, only commands and the resume date, which resumes
// the subscription and renews it from that date (a new period, charged like a renewal).
import { acts } from './subscription-activities';
import { renew } from './subscription-charges';
import type { SubscriptionRun } from './subscription-run';

/** Waits, paused, for a command or the resume date; on that date resumes and renews. True when it renewed. */
export async function whilePaused(run: SubscriptionRun, seen: number): Promise<boolean> {
  const resumesAt = run.schedule!.resumesAt ?? null;
  const changed = () => run.commands !== seen || run.schedule!.status !== 'paused';
  if (await run.clock.waitUntil(resumesAt ? new Date(resumesAt) : null, changed)) return false;
  return run.exclusive(async () => {
    // Read again under the lock: a command that held it may have resumed, revoked or moved the date.
    if (changed() || run.schedule!.resumesAt !== resumesAt) return false;
    run.show(await acts.resumeSubscription(run.id, resumesAt!));
    if (run.schedule!.status !== 'active') return false;
    await renew(run, resumesAt!);
    return true;
  });
}

/** The period end of a subscription set to pause: paused from then (no renewal). True when it paused. */
export async function pauseAt(run: SubscriptionRun, periodEnd: string): Promise<boolean> {
  run.show(await acts.pauseSubscription(run.id, periodEnd));
  return run.schedule!.status === 'paused';
}
