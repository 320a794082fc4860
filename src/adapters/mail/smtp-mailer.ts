// Sends one rendered e-mail over SMTP (nodemailer), to whatever SMTP_URL names: a relay in production, MailDev locally.
import { createTransport, type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Unique per message and the same on every retry; the mailer makes the `Message-ID` header of it. */
  messageId: string;
}

/** The port e-mail goes out through. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset: sending fails, naming SMTP_URL. */
  url: string | undefined;
  /** `Name <address>` or a bare address. */
  from: string;
}

export class SmtpMailer implements Mailer {
  private transport: Transporter | undefined;
  private readonly domain: string;

  constructor(private readonly options: SmtpMailerOptions) {
    this.domain = /@([^\s>]+)>?\s*$/.exec(options.from)?.[1] ?? 'bursar.localhost';
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.options.url)
      throw new Error(
        'SMTP_URL is not set: e-mail cannot be sent (set it to smtp://user:pass@host:port or smtps://…).',
      );
    // Short timeouts: a retry of the activity is cheaper than a worker slot held by a silent server.
    this.transport ??= createTransport({
      url: this.options.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    await this.transport.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${message.messageId}@${this.domain}>`,
    });
  }
}
