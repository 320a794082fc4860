// No path or query of a request reaches an exported span. The HTTP instrumentation writes a server span's raw URL
// (`http.url`, `http.target`, `url.path`), where a checkout's client secret or a dashboard link's token sits: each
// server span starts with `(unmatched)` in its place, and the Koa app writes the route template the request matched
// (`routeServerSpan`). A client span (Stripe, S3, whoever the process calls) keeps its path but loses its query (a
// presigned URL's signature) and any credentials.
import { SpanKind, type Attributes, type Span as ApiSpan } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { UNMATCHED_ROUTE } from '../http/matched-route';

/** Attributes holding a request's path (old and stable HTTP semantic conventions); `http.target` has its query too. */
const PATH_KEYS = ['http.target', 'url.path'];
/** Attributes holding a request's whole URL. */
const URL_KEYS = ['http.url', 'url.full'];
const QUERY_KEYS = ['url.query'];

/** Rewrites the URL attributes of each HTTP span as it starts, before any exporter can see them. */
export class UrlScrubbingSpanProcessor implements SpanProcessor {
  onStart(span: Span): void {
    if (span.kind === SpanKind.SERVER) setPath(span, span.attributes, UNMATCHED_ROUTE);
    else if (span.kind === SpanKind.CLIENT) stripQueries(span, span.attributes);
  }
  onEnd(): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** Names a request's server span after the route template it matched (`POST /v1/checkouts/`), its URL attributes too. */
export function routeServerSpan(span: ApiSpan, method: string, route: string): void {
  const { attributes } = span as Partial<ReadableSpan>;
  if (!attributes) return; // a span of another SDK, or none: nothing to rewrite
  setPath(span, attributes, route);
  span.setAttribute('http.route', route);
  span.updateName(`${method} ${route}`);
}

/** `path` in place of the request's path and query; a whole URL keeps only its origin before it. */
function setPath(span: ApiSpan, attributes: Attributes, path: string): void {
  for (const key of PATH_KEYS) if (key in attributes) span.setAttribute(key, path);
  for (const key of URL_KEYS)
    if (typeof attributes[key] === 'string')
      span.setAttribute(key, `${originOf(attributes[key])}${path.startsWith('/') ? path : ''}`);
  for (const key of QUERY_KEYS) delete attributes[key];
}

function stripQueries(span: ApiSpan, attributes: Attributes): void {
  for (const key of PATH_KEYS)
    if (typeof attributes[key] === 'string') span.setAttribute(key, attributes[key].split('?')[0]);
  for (const key of URL_KEYS)
    if (typeof attributes[key] === 'string') span.setAttribute(key, withoutQuery(attributes[key]));
  for (const key of QUERY_KEYS) delete attributes[key];
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split(/[?#]/)[0];
  }
}
