// The token scopes the custom field routes take: reading custom fields, or changing them.
export const READ = ['custom_fields:read', 'custom_fields:write'] as const;
export const WRITE = ['custom_fields:write'] as const;
