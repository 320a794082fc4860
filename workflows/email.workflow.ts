// One queued e-mail (workflow id `email:<emailId>`): send it under the activity's retry policy (up to a day), and
// record it failed when that gives up.
import { isCancellation, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities';
import { EMAIL_ACTIVITY, EMAIL_BOOKKEEPING_ACTIVITY } from './activity-options';
import type { EmailInput } from './definitions';

const { deliverEmail } = proxyActivities<Activities>(EMAIL_ACTIVITY);
const { failEmail } = proxyActivities<Activities>(EMAIL_BOOKKEEPING_ACTIVITY);

export async function sendEmail({ emailId }: EmailInput): Promise<'sent' | 'failed'> {
  try {
    await deliverEmail(emailId);
    return 'sent';
  } catch (error) {
    if (isCancellation(error)) throw error;
    const cause = (error as { cause?: { message?: string } }).cause;
    await failEmail(emailId, cause?.message ?? (error as Error).message);
    return 'failed';
  }
}
