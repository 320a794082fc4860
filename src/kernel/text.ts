// Text cut to a length the way storage needs it: a UTF-16 surrogate pair (an emoji) is never cut in two, since a
// lone surrogate cannot be stored in JSON columns.

/** At most `max` UTF-16 units of `text`, dropping a high surrogate the cut would leave alone. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
