// The OAuth endpoints' answers: never cached (they carry tokens and codes, RFC 6749 §5.1), and refusals in RFC 6749's
// terms (§5.2): `error` is the OAuth code, with `error_description`, and a 401 carries its `WWW-Authenticate` challenge.
import type { Context, Next } from 'koa';
import type { RouterContext } from '@koa/router';
import { oauthRefusal } from '../../domains/oauth2';
import { sendProblem } from './problem';

/** The route's declared path, whatever case or trailing slash the request used (a router of patterns has none). */
const routePath = (ctx: Context): string | undefined => {
  const path: unknown = (ctx as RouterContext).routerPath;
  return typeof path === 'string' ? path : undefined;
};

export async function oauth2Answers(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    const refusal = oauthRefusal(routePath(ctx) ?? ctx.path, error);
    if (!refusal) throw error;
    // Our problem fields stay beside RFC 6749's: OAuth clients read `error` and `error_description` and ignore the
    // rest, while every other Bursar client, the documented error body and support (request_id) keep theirs.
    sendProblem(ctx, refusal.error);
    ctx.body = { ...(ctx.body as object), error_description: refusal.error.detail };
    if (refusal.wwwAuthenticate) ctx.set('WWW-Authenticate', refusal.wwwAuthenticate);
  } finally {
    if (routePath(ctx)?.startsWith('/v1/oauth2/')) ctx.set('Cache-Control', 'no-store');
  }
}
