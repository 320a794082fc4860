// The token scopes the merchant's license key routes take: reading keys, or changing them and their activations.
export const READ = ['license_keys:read', 'license_keys:write'] as const;
export const WRITE = ['license_keys:write'] as const;
