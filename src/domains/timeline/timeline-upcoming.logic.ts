// A subscription flow's answer to its `upcoming` query as the timeline shows it: the next step and when, or nothing
// when the flow has nothing scheduled (ended, or waiting for a command).
import type { UpcomingSchedule } from '../../../workflows/definitions';
import type { TimelineUpcoming } from '../../contracts/timeline';

export function upcomingOf(subscriptionId: string, answer: UpcomingSchedule | null): TimelineUpcoming | null {
  if (!answer || answer.next.action === 'none') return null;
  return { subscription_id: subscriptionId, action: answer.next.action, at: answer.next.at };
}
