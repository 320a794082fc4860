// The e-mail that carries a portal login code.
import type { EmailTemplate } from '../../platform/email/email';
import { escapeHtml } from '../../platform/email/escape-html';

export interface LoginCodeParams {
  code: string;
  organizationName: string;
  validMinutes: number;
}

export const loginCodeEmail: EmailTemplate<LoginCodeParams> = {
  name: 'customer-login-code',
  render({ code, organizationName, validMinutes }) {
    const lead = `Your code to sign in to ${organizationName}'s customer portal is`;
    const note = `It is valid for ${validMinutes} minutes and can be used once. If you did not ask for it, ignore this e-mail.`;
    return {
      subject: `${code} is your ${organizationName} sign-in code`,
      text: `${lead}:\n\n    ${code}\n\n${note}\n`,
      html: `<p>${escapeHtml(lead)}:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>${escapeHtml(note)}</p>`,
    };
  },
};
