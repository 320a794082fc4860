// A cause as the customer reads it in the portal: who asked — the customer in the portal, or the merchant — rather
// than the merchant's API route and request id, and a workflow step as billing rather than the activity's name.
import type { TimelineCause } from '../../contracts/timeline';

const ROUTE = /^[A-Z]+ (\/\S*)$/;

export function customerCause(cause: TimelineCause): TimelineCause {
  const route = cause.type === 'command' ? ROUTE.exec(cause.name) : null;
  if (route) {
    const portal = route[1].startsWith('/v1/customer-portal/') || route[1].startsWith('/v1/checkouts/client/');
    return { type: 'command', name: portal ? 'you' : 'the merchant', request_id: null };
  }
  if (cause.type === 'workflow') return { type: 'workflow', name: 'billing', request_id: null };
  return { ...cause, request_id: null };
}
