// Bursar's namespaces and search attributes on a fresh cluster. Registering writes to the database at once, but each
// service reads namespaces from a cache it refreshes every 10 s (system.namespaceCacheRefreshInterval): wait until the
// frontend answers for them with every search attribute, so the first workflow start does not find them missing.
import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../../../temporal.config';
import { ensureNamespace, ensureSearchAttributes } from '../temporal';

export async function registerNamespaces(
  address: string,
  namespaces: string[],
  timeoutMs = 60_000,
  signal?: AbortSignal,
): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    for (const namespace of namespaces) {
      await ensureNamespace(connection, namespace);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        signal?.throwIfAborted();
        const known = await connection
          .withDeadline(Date.now() + 2000, () => connection.operatorService.listSearchAttributes({ namespace }))
          .then((answer) => new Set(Object.keys(answer.customAttributes ?? {})))
          .catch(() => undefined);
        if (known && Object.values(SEARCH_ATTRIBUTES).every((key) => known.has(key.name))) break;
        if (known) await ensureSearchAttributes(connection, namespace);
        if (Date.now() > deadline)
          throw new Error(`Namespace ${namespace} not ready on ${address} within ${timeoutMs / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  } finally {
    await connection.close();
  }
}
