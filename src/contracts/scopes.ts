// The scopes an access token can carry: part of the public API (routes declare the ones they need).

/**
 * Every scope an organization access token can carry: the reference's list (less the user-account and OpenID ones,
 * which have no meaning without users) and `test_clocks:*`. Each is checked by some route.
 */
// prettier-ignore
export const SCOPES = [
  'organizations:read', 'organizations:write', 'custom_fields:read', 'custom_fields:write', 'discounts:read', 'discounts:write',
  'checkout_links:read', 'checkout_links:write', 'checkouts:read', 'checkouts:write', 'transactions:read', 'transactions:write',
  'payouts:read', 'payouts:write', 'products:read', 'products:write', 'benefits:read', 'benefits:write',
  'events:read', 'events:write', 'meters:read', 'meters:write', 'files:read', 'files:write',
  'subscriptions:read', 'subscriptions:write', 'customers:read', 'customers:write', 'members:read', 'members:write',
  'wallets:read', 'wallets:write', 'disputes:read', 'disputes:write', 'customer_meters:read', 'customer_sessions:write',
  'member_sessions:write', 'customer_seats:read', 'customer_seats:write', 'orders:read', 'orders:write', 'refunds:read',
  'refunds:write', 'payments:read', 'metrics:read', 'metrics:write', 'webhooks:read', 'webhooks:write',
  'license_keys:read', 'license_keys:write', 'customer_portal:read', 'customer_portal:write', 'test_clocks:read', 'test_clocks:write',
  'organization_access_tokens:read', 'organization_access_tokens:write',
] as const;
export type Scope = (typeof SCOPES)[number];

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);
