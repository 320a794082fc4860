// The scope that lets a token manage the organization's apps: register clients, consent, withdraw grants.
export const MANAGE = ['organization_access_tokens:write'] as const;
