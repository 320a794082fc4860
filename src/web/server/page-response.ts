// How a page is answered: its shell or a message page, with the pages' security headers and never cached.
import type { Context } from 'koa';
import { translate, type StringKey } from '../client/strings';
import type { PageBoot } from '../client/shared/boot';
import { contentSecurityPolicy, type PagePolicy } from './content-security-policy';
import { messagePage, pageShell } from './page-shell';
import { webBundle, type PageEntry } from './web-bundle';

export async function page(ctx: Context, policy: PagePolicy, entry: PageEntry, boot: PageBoot): Promise<void> {
  send(ctx, 200, policy, pageShell(await webBundle(), entry, boot));
}

export async function message(
  ctx: Context,
  status: number,
  policy: PagePolicy,
  locale: string,
  title: StringKey,
  text: StringKey,
  link?: { href: string; label: string },
): Promise<void> {
  send(
    ctx,
    status,
    policy,
    messagePage(await webBundle(), locale, { title: translate(locale, title), text: translate(locale, text), link }),
  );
}

export function notFound(ctx: Context, policy: PagePolicy): Promise<void> {
  return message(ctx, 404, policy, 'en', 'unavailable.notFoundTitle', 'unavailable.notFoundText');
}

function send(ctx: Context, status: number, policy: PagePolicy, html: string): void {
  ctx.status = status;
  ctx.set('Content-Security-Policy', contentSecurityPolicy(policy));
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = html;
}
