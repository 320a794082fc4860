// The token scopes the event routes take: reading events and event types, or writing them.
export const READ = ['events:read', 'events:write'] as const;
export const WRITE = ['events:write'] as const;
