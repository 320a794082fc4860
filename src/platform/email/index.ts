export type { EmailContent, EmailQueue, EmailTemplate, OutgoingEmail } from './email';
export { escapeHtml } from './escape-html';
export { EmailService, type EmailServiceDeps } from './email.service';
export { EmailUndeliverable } from './render-email';
export { EMAIL_STATUSES, EmailMessage, type EmailStatus } from './email.entity';
