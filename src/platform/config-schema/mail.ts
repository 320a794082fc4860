// Where e-mail goes out, and the local mail catcher `bursar start` runs without it.
import { z } from 'zod';
import { int } from './fields';

export const mailFields = {
  /** Where e-mail goes out (`smtp://user:pass@host:port`, `smtps://…`); `./run start` points it at its local mail catcher. */
  SMTP_URL: z.string().optional(),
  EMAIL_FROM: z.string().default('Bursar <no-reply@bursar.localhost>'),
  /** The local mail catcher (MailDev) that `bursar start` runs when SMTP_URL is unset: its SMTP and web UI ports. */
  MAILDEV_SMTP_PORT: int(1025),
  MAILDEV_WEB_PORT: int(1080),
};
