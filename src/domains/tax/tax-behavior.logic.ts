// Whether a checkout's tax is added on top of its price or included in it. Pure.

/** Where tax is added on top (US, Canada, India) and where it is included in prices (everywhere else). */
export function resolveTaxBehavior(
  priceBehavior: string | null,
  country: string | null | undefined,
): 'inclusive' | 'exclusive' {
  if (priceBehavior === 'inclusive' || priceBehavior === 'exclusive') return priceBehavior;
  return !country || ['US', 'CA', 'IN'].includes(country) ? 'exclusive' : 'inclusive';
}
