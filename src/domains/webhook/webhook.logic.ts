// Pure rule of webhook ordering: what an event is about (webhook-address.logic.ts and webhook-url.logic.ts say which
// addresses and URLs may receive webhooks).

/** A resource's events reach an endpoint in order; this key names the resource (`BEHIND_EARLIER` makes it in SQL too). */
export function resourceKey(type: string, data: { id?: unknown }): string {
  return `${type.split('.')[0]}:${String(data.id ?? '')}`;
}
