// The token scopes the benefit routes take: reading benefits, or changing them.
export const READ = ['benefits:read', 'benefits:write'] as const;
export const WRITE = ['benefits:write'] as const;
