// The e-mails the run's MailDev caught (the global setup starts it and points SMTP_URL at it), read through its REST API.

/** One e-mail as MailDev's `GET /api/email` lists it. */
export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  from: { address: string; name?: string }[];
  to: { address: string; name?: string }[];
  headers: Record<string, string>;
  time: string;
}

function catcherUrl(): string {
  const url = process.env.MAIL_CATCHER_URL;
  if (!url)
    throw new Error('MAIL_CATCHER_URL is not set: run the tests through Jest, whose global setup starts MailDev.');
  return url;
}

/** Every e-mail caught for `address` so far, oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${catcherUrl()}/api/email`);
  if (!response.ok) throw new Error(`MailDev answered ${response.status}`);
  const mails = (await response.json()) as CaughtMail[];
  const wanted = address.toLowerCase();
  return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === wanted));
}

/**
 * The latest e-mail to `address` that `predicate` accepts, once one has arrived; past `timeoutMs`, fails naming the
 * address, the predicate (its source, whitespace collapsed, cut at 200 characters) and the subjects that did arrive.
 */
export async function waitForMail(
  address: string,
  predicate?: (mail: CaughtMail) => boolean,
  timeoutMs = 20_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(address);
    const match = predicate ? mails.filter(predicate).at(-1) : mails.at(-1);
    if (match) return match;
    if (Date.now() > deadline) {
      const source = predicate?.toString().replace(/\s+/g, ' ').trim();
      const which = source ? ` accepted by ${source.length > 200 ? `${source.slice(0, 199)}…` : source}` : '';
      const arrived = mails.map((mail) => JSON.stringify(mail.subject)).join(', ') || 'none';
      throw new Error(
        `waitForMail: no e-mail to ${address}${which} arrived within ${timeoutMs} ms (arrived for it: ${arrived})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
