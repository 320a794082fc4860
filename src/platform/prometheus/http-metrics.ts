// HTTP requests by the route template they matched (never the raw path, whose ids would be a series each) and status.
import { Counter, Histogram } from 'prom-client';
import { registry, type EnvironmentLabel } from './registry';

const labelNames = ['method', 'route', 'status', 'environment'] as const;

const requests = new Counter({
  name: 'bursar_http_requests_total',
  help: 'HTTP requests answered, by method, matched route template and status.',
  labelNames,
  registers: [registry],
});

const duration = new Histogram({
  name: 'bursar_http_request_duration_seconds',
  help: 'Time from receiving a request to its answer, by method, matched route template and status.',
  labelNames,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export interface AnsweredRequest {
  method: string;
  /** The route template it matched (`/v1/orders/:id`), or `(unmatched)` (see `platform/http/matched-route.ts`). */
  route: string;
  status: number;
  environment: EnvironmentLabel;
}

export function recordRequest(request: AnsweredRequest, seconds: number): void {
  const labels = { ...request, status: String(request.status) };
  requests.inc(labels);
  duration.observe(labels, seconds);
}
