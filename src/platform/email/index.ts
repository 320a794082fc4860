export type { EmailContent, EmailQueue, EmailTemplate, OutgoingEmail } from './email';
export { escapeHtml } from './escape-html';
export { EmailService, EmailUndeliverable, type EmailServiceDeps } from './email.service';
export { EMAIL_STATUSES, EmailMessage, type EmailStatus } from './email.entity';
