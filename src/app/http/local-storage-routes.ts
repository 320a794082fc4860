// The URLs local-disk storage presigns: part uploads (PUT), downloads and public media (GET). No token: the
// signature in the URL is the credential.
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { LocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import { StorageRejected } from '../../adapters/storage/file-storage';
import { BadRequest, NotPermitted, PayloadTooLarge, ResourceNotFound } from '../../kernel/errors';
import contentDisposition from 'content-disposition';

export function localStorageRouter(storage: LocalDiskStorage): Router {
  const router = new Router();
  router.put('/storage/uploads/:uploadId/parts/:number', async (ctx) => {
    const etag = await refusals(() => storage.receivePart(ctx.path, new URLSearchParams(ctx.querystring), ctx.req));
    ctx.set('ETag', etag);
    ctx.status = 200;
    ctx.body = '';
  });
  router.get(/^\/storage\/objects\/.+$/, async (ctx) => {
    const object = await refusals(() => storage.openSigned(ctx.path, new URLSearchParams(ctx.querystring)));
    send(ctx, object, contentDisposition(object.filename), object.contentType);
  });
  router.get(/^\/storage\/public\/.+$/, async (ctx) => {
    send(ctx, await refusals(() => storage.openPublic(ctx.path.slice('/storage/public/'.length))), 'inline');
  });
  return router;
}

function send(
  ctx: Context,
  object: { stream: NodeJS.ReadableStream; size: number },
  disposition: string,
  contentType = 'application/octet-stream',
): void {
  ctx.set('Content-Disposition', disposition);
  ctx.type = contentType;
  ctx.length = object.size;
  ctx.body = object.stream;
}

const REFUSALS = {
  forbidden: NotPermitted,
  'not-found': ResourceNotFound,
  'too-large': PayloadTooLarge,
  invalid: BadRequest,
} as const;

/** Storage refusals become problem-details errors: a bad or expired signature is 403, a missing object or upload 404. */
async function refusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof StorageRejected)) throw error;
    throw new REFUSALS[error.reason](error.message);
  }
}
