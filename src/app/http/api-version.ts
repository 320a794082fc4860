// The API version of a request: `Polar-Version` names a dated one; without it, the unversioned shape the 0.x clients
// parse. An unknown or malformed value is a 404 before anything else runs; the resolved version is echoed always.
import type { Context, Next } from 'koa';
import { apiVersionOf, VERSION_HEADER, type ApiVersion } from '../../contracts/api-version';
import { ResourceNotFound } from '../../kernel/errors';

export async function apiVersion(ctx: Context, next: Next): Promise<void> {
  const version = apiVersionOf(ctx.get(VERSION_HEADER));
  if (!version)
    throw new ResourceNotFound(
      `Unknown API version in ${VERSION_HEADER}: use 2026-04, 2026-10 or 2027-01, or send none.`,
    );
  ctx.state.apiVersion = version;
  ctx.set(VERSION_HEADER, version);
  await next();
}

export const requestedVersion = (ctx: Context): ApiVersion => ctx.state.apiVersion as ApiVersion;
