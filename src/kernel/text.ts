// Text the way storage needs it: what PostgreSQL cannot store (NUL, lone UTF-16 surrogates in JSON columns), and cuts
// to a length that never split a surrogate pair (an emoji) in two.

const LONE_SURROGATE = /\p{Surrogate}/u;

/** Why this text cannot be stored, or null (the API's input boundary and the hosted pages both ask). */
export function textIssue(text: string): { msg: string; type: string } | null {
  if (text.includes('\u0000')) return { msg: 'Text must not contain NUL characters', type: 'string_nul' };
  if (LONE_SURROGATE.test(text))
    return { msg: 'Text must be valid Unicode (a lone UTF-16 surrogate was found)', type: 'string_unicode' };
  return null;
}

/** At most `max` UTF-16 units of `text`, dropping a high surrogate the cut would leave alone. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
