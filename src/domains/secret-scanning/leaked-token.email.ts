// The e-mail that tells an organization's owner a credential of theirs was found in public and revoked.
import type { EmailTemplate } from '../../platform/email/email';
import { escapeHtml } from '../../platform/email/escape-html';

export interface LeakedTokenParams {
  organizationName: string;
  /** `organization access token`, `customer session token`. */
  tokenKind: string;
  /** Which one: the access token's comment and id, or the session's customer. */
  tokenDescription: string;
  /** Where the program found it (it may not say). */
  url: string | null;
  source: string | null;
}

export const leakedTokenEmail: EmailTemplate<LeakedTokenParams> = {
  name: 'secret-scanning-leaked-token',
  render({ organizationName, tokenKind, tokenDescription, url, source }) {
    const lead = `${organizationName}'s ${tokenKind} (${tokenDescription}) was found in public by a secret-scanning program.`;
    const facts = [`Found at: ${url || 'the program did not say'}`, `Source: ${source || 'unknown'}`];
    const note =
      'It has been revoked and no longer works: replace it wherever it was in use, and remove it from where it was found.';
    return {
      subject: `Your ${tokenKind} was leaked and has been revoked`,
      text: `${lead}\n\n${facts.map((fact) => `    ${fact}`).join('\n')}\n\n${note}\n`,
      html: `<p>${escapeHtml(lead)}</p><ul>${facts.map((fact) => `<li>${escapeHtml(fact)}</li>`).join('')}</ul><p>${escapeHtml(note)}</p>`,
    };
  },
};
