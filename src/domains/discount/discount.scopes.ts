// The token scopes the discount routes take: reading discounts, or changing them.
export const READ = ['discounts:read', 'discounts:write'] as const;
export const WRITE = ['discounts:write'] as const;
