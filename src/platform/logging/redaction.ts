// What a log line must never show, as a second line of defence (the code logs ids and codes, never credentials):
// fields named after a secret are censored wherever they sit, and what error messages and log messages quote is
// scrubbed of bearer tokens, URL passwords and card numbers.
import { luhnValid } from '../../kernel/luhn';

/** Field names whose values are secrets, at the top of a line and one level down (pino's redaction paths). */
const SECRET_FIELDS = [
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'accessToken',
  'refreshToken',
  'secret',
  'client_secret',
  'clientSecret',
  'webhook_secret',
  'webhookSecret',
  'serverSecret',
  'password',
  'pass',
  'card_number',
  'cardNumber',
  'cvc',
  'confirmation_token_id',
  'confirmationToken',
  'license_key',
  'licenseKey',
  'code_verifier',
  'login_code',
  'loginCode',
  'BURSAR_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
];

export const REDACTED_PATHS: readonly string[] = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["set-cookie"]',
  'res.headers["set-cookie"]',
];

/**
 * The prefix of every token and secret Bursar issues: organization tokens; OAuth2 client ids and secrets,
 * authorization codes, access and refresh tokens; customer-session and seat tokens; checkout and checkout-link client
 * secrets (base64url: `-` and `_` in their tail).
 */
export const TOKEN_PREFIXES = [
  'bursar_oat_',
  'bursar_ci_',
  'bursar_cs_',
  'bursar_ac_',
  'bursar_at_o_',
  'bursar_rt_o_',
  'bursar_cst_',
  'bursar_seat_',
  'bursar_c_',
  'bursar_cl_',
] as const;
/** A token of any of those kinds: its prefix stays (it says which kind), the rest goes. */
const BEARER_TOKEN = new RegExp(`\\b(${TOKEN_PREFIXES.join('|')})[A-Za-z0-9_-]+`, 'g');
/** `scheme://user:password@host`: the password goes. */
const URL_PASSWORD = /(\/\/[^\s:/@]+:)[^\s@/]+@/g;
/** A run of 13 to 19 digits (spaces or dashes between them) that passes the Luhn check is taken for a card number. */
const DIGIT_RUN = /\b\d(?:[ -]?\d){12,18}\b/g;

export function scrubSecrets(text: string): string {
  return text
    .replace(BEARER_TOKEN, '$1[Redacted]')
    .replace(URL_PASSWORD, '$1[Redacted]@')
    .replace(DIGIT_RUN, (run) => (luhnValid(run.replace(/\D/g, '')) ? '[Redacted card]' : run));
}

export interface ErrorFields {
  type: string;
  /** The stable name callers see (`CardDeclined`, a Temporal failure's type), or a driver's code. */
  code?: string;
  message: string;
  stack?: string;
  cause?: ErrorFields;
}

/**
 * An error as a log line shows it: its name, code, message, stack and cause, scrubbed. Nothing else it carries (a
 * failure's details, a driver's parameters) is written, since that is where a request's values would be.
 */
export function errorFields(error: unknown, depth = 0): ErrorFields {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubSecrets(String(error)) };
  const code = errorCode(error);
  const cause = depth < 5 && error.cause !== undefined ? errorFields(error.cause, depth + 1) : undefined;
  return {
    type: error.name,
    ...(code && { code }),
    message: scrubSecrets(error.message),
    ...(error.stack && { stack: scrubSecrets(error.stack) }),
    ...(cause && { cause }),
  };
}

/** A named error's code, a Temporal application failure's type, or that of the failure it wraps. */
export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 6; depth++) {
    const { code, type } = current as Error & { code?: unknown; type?: unknown };
    if (typeof code === 'string') return code;
    if (typeof type === 'string' && type) return type;
    current = current.cause;
  }
  return undefined;
}
