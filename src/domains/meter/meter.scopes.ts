// The token scopes the meter routes take: reading meters and their quantities, or changing meters.
export const READ = ['meters:read', 'meters:write'] as const;
export const WRITE = ['meters:write'] as const;
