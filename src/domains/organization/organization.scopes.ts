// The token scopes the organization routes take: the organization itself, and its access tokens.
export const READ = ['organizations:read', 'organizations:write'] as const;
export const WRITE = ['organizations:write'] as const;
export const TOKENS_READ = ['organization_access_tokens:read', 'organization_access_tokens:write'] as const;
export const TOKENS_WRITE = ['organization_access_tokens:write'] as const;
