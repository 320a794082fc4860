// A customer's avatar, drawn by Bursar: the initials of the name (or of the e-mail) on a colour of the customer's own,
// as an SVG data URL. Nothing is fetched, so no third party learns who the customer is.

const SIZE = 64;

/** Up to two initials: of the first and last word of the name, else of the e-mail's local part. */
export function initialsOf(name: string | null, email: string): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean);
  const letters = words.length ? [words[0], words.length > 1 ? words[words.length - 1] : ''] : [email.split('@')[0]];
  const initials = letters
    .map((word) => [...word.normalize('NFC')].find((char) => /[\p{L}\p{N}]/u.test(char)) ?? '')
    .join('');
  return initials.toLocaleUpperCase('en') || '?';
}

/** A hue (0–359) that stays the customer's: derived from its id. */
export function hueOf(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

export function avatarUrl(customer: { id: string; name: string | null; email: string }): string {
  const initials = initialsOf(customer.name, customer.email).replace(/[<>&"']/g, '');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hueOf(customer.id)},55%,45%)"/>` +
    `<text x="32" y="32" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#fff">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
