// The pages' Content-Security-Policy: scripts and styles only from this server (no inline code), data only from the
// API beside them, frames only from the card processor, and embedding only by the checkout's `embed_origin`.

export interface PagePolicy {
  /** The origin allowed to frame the page (a checkout's `embed_origin`), or none. */
  embedOrigin: string | null;
  /** Where product media are served from when it is not this server (an S3 bucket's public URL). */
  mediaOrigin: string | null;
  /** The card fields are the processor's own (Stripe Elements): its script, frames and API. */
  stripe: boolean;
}

const STRIPE = {
  script: 'https://js.stripe.com',
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: 'https://api.stripe.com',
};

export function contentSecurityPolicy(policy: PagePolicy): string {
  const stripe = policy.stripe;
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...(stripe ? [STRIPE.script] : [])],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...originOf(policy.mediaOrigin)],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(stripe ? [STRIPE.connect] : [])],
    'frame-src': stripe ? STRIPE.frame : ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': originOf(policy.embedOrigin).length ? originOf(policy.embedOrigin) : ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** An http(s) URL's origin (nothing else can reach a CSP header), or nothing. */
export function originOf(url: string | null): string[] {
  if (!url) return [];
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? [parsed.origin] : [];
  } catch {
    return [];
  }
}
