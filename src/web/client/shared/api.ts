// The pages' one way to the API: same-origin JSON requests, problem-details errors turned into messages a person can read.
import type { HeadVersion } from '../../../contracts/api-version';

export interface FieldIssue {
  /** The field's path below the body, e.g. `customer_billing_address.country`. */
  field: string;
  message: string;
}

/** A refused request: its status, the server's message, and the fields it named. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: FieldIssue[] = [],
    readonly type: string | null = null,
  ) {
    super(message);
  }
}

interface Problem {
  type?: string;
  detail?: string | { loc?: (string | number)[]; msg?: string }[];
}

export interface RequestOptions {
  body?: unknown;
  /** A customer session token (`bursar_cst_…`) for the portal's endpoints. */
  token?: string | null;
}

/** The pages read the API in its newest version, the one the contracts they are typed with describe. */
const API_VERSION: HeadVersion = '2027-01';

export async function api<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Polar-Version': API_VERSION };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw apiError(response.status, payload as Problem | null);
  return payload as T;
}

function apiError(status: number, problem: Problem | null): ApiError {
  const detail = problem?.detail;
  if (Array.isArray(detail)) {
    const issues = detail.map((issue) => ({
      field: (issue.loc ?? []).filter((part) => part !== 'body').join('.'),
      message: issue.msg ?? '',
    }));
    return new ApiError(status, issues.map((issue) => issue.message).join(' '), issues, problem?.type ?? null);
  }
  return new ApiError(
    status,
    typeof detail === 'string' ? detail : `Request failed (${status}).`,
    [],
    problem?.type ?? null,
  );
}
