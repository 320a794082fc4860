// A queued message's content, rendered by its template from its unsealed parameters; what no retry could change (an
// unknown template, an expired message) is undeliverable.
import type { Clock } from '../../kernel/clock';
import type { EmailContent, EmailTemplate } from './email';
import type { EmailMessage } from './email.entity';
import { openEmailParams } from './email-params';

/** A message no retry can send (its template is not known to this build): it fails for good. */
export class EmailUndeliverable extends Error {
  override readonly name = 'EmailUndeliverable';
}

/** The message's content; what no retry could change (an unknown template, an expired message) is undeliverable. */
export function renderEmail(
  deps: { clock: Clock; serverSecret: string; templates: ReadonlyMap<string, EmailTemplate<never>> },
  message: EmailMessage,
): EmailContent {
  if (message.expiresAt && message.expiresAt <= deps.clock.now())
    throw new EmailUndeliverable('It expired before it could be sent.');
  const template = deps.templates.get(message.template);
  if (!template) throw new EmailUndeliverable(`No e-mail template named "${message.template}" is registered.`);
  if (!message.sealedParams) throw new EmailUndeliverable('Its parameters are gone.');
  try {
    return template.render(openEmailParams(message.sealedParams, deps.serverSecret) as never);
  } catch (error) {
    throw new EmailUndeliverable(`It cannot be rendered: ${(error as Error).message}`);
  }
}
