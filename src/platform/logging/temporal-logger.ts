// The Temporal SDK's logger (`Runtime.install({ logger })`), writing to the process's pino logger: the worker's own
// messages, activities' (`Context.current().log`, and the SDK's "Activity failed" with its error), workflows' `log`
// (through the SDK's sink, replay-safe) and the Rust core's forwarded warnings. The SDK's camelCase metadata becomes
// the log's snake_case fields (`workflowId` → `workflow_id`); a namespace names its environment.
import type { LogLevel as TemporalLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/common';
import type { Level } from 'pino';
import { logger } from './logger';
import { errorCode } from './redaction';

/** Fields named otherwise than their camelCase (an activity's run is `workflowRunId`), or not written (`null`). */
const RENAMED: Record<string, string | null> = {
  workflowRunId: 'run_id',
  taskToken: null, // it completes the activity: a credential, and no help to a reader
};

const LEVELS: Record<TemporalLevel, Level> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

export function temporalLogger(environmentOf: (namespace: string) => string | undefined): TemporalLogger {
  const log = (level: TemporalLevel, message: string, meta?: LogMetadata) =>
    logger()[LEVELS[level] ?? 'info'](fieldsOf(meta, environmentOf), message);
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}

function fieldsOf(meta: LogMetadata | undefined, environmentOf: (namespace: string) => string | undefined) {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(meta ?? {})) {
    if (value === undefined) continue;
    if (key === 'error' || key === 'err' || key === 'failure') {
      fields.err = value;
      const code = errorCode(value);
      if (code) fields.error_code = code;
    } else if (RENAMED[key] !== null)
      fields[RENAMED[key] ?? key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = value;
  }
  const environment = typeof fields.namespace === 'string' ? environmentOf(fields.namespace) : undefined;
  if (environment) fields.environment = environment;
  return fields;
}
