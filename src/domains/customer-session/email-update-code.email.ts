// The e-mail that carries the code confirming a customer's new address.
import type { EmailTemplate } from '../../platform/email/email';
import { escapeHtml } from '../../platform/email/escape-html';

export interface EmailUpdateCodeParams {
  code: string;
  organizationName: string;
  validMinutes: number;
}

export const emailUpdateCodeEmail: EmailTemplate<EmailUpdateCodeParams> = {
  name: 'customer-email-update-code',
  render({ code, organizationName, validMinutes }) {
    const lead = `Your code to make this your e-mail address at ${organizationName} is`;
    const note =
      `It is valid for ${validMinutes} minutes and can be used once. ` +
      'If you did not ask to change your address, ignore this e-mail: nothing changes.';
    return {
      subject: `${code} is your ${organizationName} e-mail confirmation code`,
      text: `${lead}:\n\n    ${code}\n\n${note}\n`,
      html:
        `<p>${escapeHtml(lead)}:</p>` +
        `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>${escapeHtml(note)}</p>`,
    };
  },
};
