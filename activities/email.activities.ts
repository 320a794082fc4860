// E-mail activities: thin calls into the e-mail queue, a message no retry can send translated for Temporal.
import { ApplicationFailure } from '@temporalio/activity';
import { EmailUndeliverable, type EmailService } from '../src/platform/email';
import { failureType } from '../src/kernel/error-codes';

export const createEmailActivities = (email: EmailService) => ({
  /** Renders and sends one queued e-mail over SMTP, then marks it sent (nothing when it was sent already). */
  async deliverEmail(emailId: string): Promise<void> {
    try {
      await email.send(emailId);
    } catch (error) {
      if (error instanceof EmailUndeliverable)
        throw ApplicationFailure.nonRetryable(error.message, failureType('EmailUndeliverable'));
      throw error;
    }
  },
  /** Marks an e-mail given up on `failed` and erases its parameters. */
  failEmail: (emailId: string, reason: string) => email.markFailed(emailId, reason),
});
