// URLs the API hands the pages (a checkout's `return_url` and `success_url`) before they go into a link or a redirect:
// only http and https, so a `javascript:` or `data:` URL stored by mistake never runs in the buyer's page.

/** `url` resolved against `base` (the page by default) when it is http or https; null otherwise. */
export function safeHttpUrl(url: string | null | undefined, base: string = window.location.href): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : null;
  } catch {
    return null;
  }
}
