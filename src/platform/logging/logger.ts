// The process's structured log: JSON lines on stdout from one pino root logger per process (`service` api or worker),
// each line carrying the context it was written in (request id, organization, environment, workflow id and run id).
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { REDACTED_PATHS, errorFields, scrubSecrets } from './redaction';

export type { Logger } from 'pino';
export type LogLevel = Level | 'silent';

export interface LoggerOptions {
  service: string;
  level: LogLevel;
  /** Where the lines go: stdout unless given (tests collect them). */
  destination?: DestinationStream;
}

/** Fields of the work running now, added to every line written inside it (`request_id`, `workflow_id`…). */
export type LogContext = Record<string, string | undefined>;

const context = new AsyncLocalStorage<LogContext>();

export function createLogger({ service, level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorFields },
      redact: { paths: [...REDACTED_PATHS], censor: '[Redacted]' },
      mixin: () => ({ ...context.getStore() }),
      // A message is written by our code, but what it interpolates may not be: it is scrubbed like errors are.
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubSecrets(arg) : arg)) as typeof args);
        },
      },
    },
    destination ?? pino.destination({ fd: 1, sync: true }),
  );
}

let root: Logger = createLogger({ service: 'bursar', level: 'info' });

/** Makes `next` the process's logger; returns the one it replaces (a test puts it back). */
export function useLogger(next: Logger): Logger {
  const previous = root;
  root = next;
  return previous;
}

/** The process's logger, with `bindings` on each of its lines when given. */
export function logger(bindings?: Record<string, unknown>): Logger {
  return bindings ? root.child(bindings) : root;
}

/** Runs `work` with `fields` on every line it logs (nested contexts add to the outer one). */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return context.run(Object.assign({ ...context.getStore() }, fields), work);
}

/** Adds what became known halfway (the organization a token belongs to) to the current context. */
export function addLogContext(fields: LogContext): void {
  const store = context.getStore();
  if (store) Object.assign(store, fields);
}
