// The e-mail that invites a member to claim a seat: the claim token, which the organization's app (or a client of
// `POST /v1/customer-seats/claim`) redeems.
import type { EmailTemplate } from '../../platform/email/email';
import { escapeHtml } from '../../platform/email/escape-html';

export interface SeatInvitationParams {
  token: string;
  organizationName: string;
  productName: string;
  validDays: number;
}

export const seatInvitationEmail: EmailTemplate<SeatInvitationParams> = {
  name: 'customer-seat-invitation',
  render({ token, organizationName, productName, validDays }) {
    const lead = `You have been given a seat of ${productName} by ${organizationName}. Your invitation token is`;
    const note = `Claim it within ${validDays} days with ${organizationName}. If you did not expect it, ignore this e-mail.`;
    return {
      subject: `Your seat of ${productName} from ${organizationName}`,
      text: `${lead}:\n\n    ${token}\n\n${note}\n`,
      html: `<p>${escapeHtml(lead)}:</p><p style="font-family:monospace">${escapeHtml(token)}</p><p>${escapeHtml(note)}</p>`,
    };
  },
};
