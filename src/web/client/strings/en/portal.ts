// English strings of the customer portal.
export const portalStrings = {
  'title.portal': 'Customer portal',
} as const;
