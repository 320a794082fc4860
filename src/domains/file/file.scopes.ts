// The token scopes the file routes take: reading files and their downloads, or uploading and changing them.
export const READ = ['files:read', 'files:write'] as const;
export const WRITE = ['files:write'] as const;
