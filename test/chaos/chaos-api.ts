// The chaos run's HTTP client: every answer the API gives is counted by status, and `until` retries what an outage
// interrupted (no answer, 5xx, 409, 429) the way a careful client would.
import { sleep } from './chaos-stack';

export interface Answer {
  /** The HTTP status, or `no answer` when the request failed (connection refused, reset, timeout). */
  status: number | 'no answer';
  body: any;
  headers: Headers | null;
}

export class ChaosApi {
  /** Answers by status, over every call (driver and prober alike). */
  readonly statuses = new Map<string, number>();
  /** `METHOD path → detail` of every 500. */
  readonly serverErrors: string[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async call(
    method: string,
    path: string,
    json?: unknown,
    options: { headers?: Record<string, string>; timeoutMs?: number; auth?: boolean } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.auth !== false) headers.authorization = `Bearer ${this.token}`;
    if (json !== undefined) headers['content-type'] = 'application/json';
    let answer: Answer;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
      });
      const text = await response.text();
      answer = { status: response.status, body: text ? safeJson(text) : undefined, headers: response.headers };
    } catch (error) {
      answer = { status: 'no answer', body: String(error), headers: null };
    }
    const key = String(answer.status);
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    if (answer.status === 500) this.serverErrors.push(`${method} ${path} → ${JSON.stringify(answer.body)}`);
    return answer;
  }

  /**
   * Calls until `done` accepts the answer (true); retries outages and conflicts, and what `done` calls 'retry'; fails
   * on any other refusal.
   */
  async until(
    method: string,
    path: string,
    json: unknown,
    done: (answer: Answer) => boolean | 'retry' | Promise<boolean | 'retry'>,
    headers?: Record<string, string>,
  ): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.call(method, path, json, {
        headers,
        auth: !path.startsWith('/v1/checkouts/client/'),
        timeoutMs: 600_000,
      });
      const verdict = await done(answer);
      if (verdict === true) return answer;
      if (verdict !== 'retry' && !isTransient(answer))
        throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      if (attempt > 600) throw new Error(`${method} ${path} still failing after ${attempt} attempts: ${answer.status}`);
      await sleep(Math.min(5000, 250 * attempt));
    }
  }
}

export function isTransient(answer: Answer): boolean {
  return answer.status === 'no answer' || answer.status >= 500 || answer.status === 409 || answer.status === 429;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
