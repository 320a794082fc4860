// The token scopes the product routes take: reading products, or changing them.
export const PRODUCTS_READ = ['products:read', 'products:write'] as const;
export const PRODUCTS_WRITE = ['products:write'] as const;
