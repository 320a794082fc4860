// English strings of the confirmation (success) page.
export const confirmationStrings = {
  'title.confirmation': 'Thank you for your purchase',
} as const;
