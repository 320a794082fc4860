// The token scopes the customer routes take: reading customers, or changing them.
export const READ = ['customers:read', 'customers:write'] as const;
export const WRITE = ['customers:write'] as const;
