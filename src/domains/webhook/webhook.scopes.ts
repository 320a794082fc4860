// The token scopes the webhook routes take: reading endpoints and the log, or changing them.
export const READ = ['webhooks:read', 'webhooks:write'] as const;
export const WRITE = ['webhooks:write'] as const;
