// A host name's addresses as a connection would resolve them, within a deadline (for checking a webhook URL).
import { lookup as lookupAll } from 'node:dns/promises';

/**
 * Every address `hostname` resolves to, the way a connection resolves it (node:dns `lookup`, the system resolver);
 * rejects when it does not resolve within `timeoutMs`.
 */
export async function resolveHost(hostname: string, timeoutMs = 2000): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${hostname} did not resolve within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const addresses = await Promise.race([lookupAll(hostname, { all: true, verbatim: true }), timeout]);
    return addresses.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}
