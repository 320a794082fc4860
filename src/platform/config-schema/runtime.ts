// The process's own settings: its secret, the database, Temporal and the worker, the HTTP servers and their URLs.
import { NAMESPACES, TASK_QUEUE, WORKER_TUNING } from '../../../temporal.config';
import { z } from 'zod';
import { int, port } from './fields';

/** The secret of a development set-up: refused in production. */
export const DEVELOPMENT_SECRET = 'insecure-development-secret-do-not-use-in-production';

export const runtimeFields = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** The least severe JSON log line the api and worker processes write to stdout. */
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
  BURSAR_SECRET: z.string().min(32).default(DEVELOPMENT_SECRET),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/bursar'),
  DATABASE_POOL_MAX: int(10),
  TEMPORAL_ADDRESS: z.string().optional(),
  TEMPORAL_PORT: int(7233),
  TEMPORAL_UI_PORT: int(8233),
  /** The Temporal Web UI operators open (the timeline links each workflow step to it); the dev server's by default. */
  TEMPORAL_UI_URL: z.url().optional(),
  TEMPORAL_NAMESPACE_PRODUCTION: z.string().default(NAMESPACES.production),
  TEMPORAL_NAMESPACE_SANDBOX: z.string().default(NAMESPACES.sandbox),
  TEMPORAL_TASK_QUEUE: z.string().default(TASK_QUEUE),
  TEMPORAL_CLI_PATH: z.string().optional(),
  WORKER_MAX_CACHED_WORKFLOWS: int(WORKER_TUNING.maxCachedWorkflows),
  WORKER_MAX_CONCURRENT_WORKFLOW_TASKS: int(WORKER_TUNING.maxConcurrentWorkflowTaskExecutions),
  WORKER_MAX_CONCURRENT_ACTIVITIES: int(WORKER_TUNING.maxConcurrentActivityTaskExecutions),
  /** A workflow bundle built ahead (`bundleWorkflowCode`, written to a file): the worker starts without bundling. */
  WORKFLOW_BUNDLE_PATH: z.string().optional(),
  HOST: z.string().default('127.0.0.1'),
  /** Behind a load balancer: take the client IP (for per-IP rate limits) from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  PORT: int(8000),
  SANDBOX_PORT: int(8001),
  PUBLIC_URL: z.url().optional(),
  SANDBOX_PUBLIC_URL: z.url().optional(),
  REDIS_URL: z.string().optional(),
  /**
   * `GET /metrics` (Prometheus): the API process's and the worker process's, each on a listener of its own on
   * METRICS_HOST (never the API's), and the worker's Temporal SDK exporter; 0 turns one off.
   */
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_PORT: port(9464),
  WORKER_METRICS_PORT: port(9465),
  TEMPORAL_METRICS_PORT: port(9466),
};
