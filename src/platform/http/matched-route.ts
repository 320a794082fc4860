// The name a request goes by in logs, metrics and traces: the route template it matched, never its path (where client
// secrets and download tokens sit, and ids that would make a metric series each).

/** What a request that matched no route goes by (a 404, a redirect to the canonical path, a refusal before routing). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** The template of the route that answered (`/v1/orders/:id`), which @koa/router leaves on the context, or UNMATCHED_ROUTE. */
export function matchedRoute(ctx: object): string {
  const route = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  return route ? String(route) : UNMATCHED_ROUTE;
}
