// The Temporal SDK's Runtime of the worker process, installed once, before its first NativeConnection: its logger (the
// process's JSON log, `temporalLogging`) and the SDK's own
// worker metrics (temporal_* series: task slots, schedule-to-start and execution latencies, failures, polls) served
// by its Prometheus exporter on METRICS_HOST:TEMPORAL_METRICS_PORT, unless that port is 0.
import { Runtime, makeTelemetryFilterString, type RuntimeOptions } from '@temporalio/worker';
import { temporalLogger } from '../platform/logging/temporal-logger';
import type { Config } from '../platform/config';

export function temporalRuntimeOptions(config: Pick<Config, 'METRICS_HOST' | 'TEMPORAL_METRICS_PORT'>): RuntimeOptions {
  if (!config.TEMPORAL_METRICS_PORT) return {};
  const bindAddress = `${config.METRICS_HOST}:${config.TEMPORAL_METRICS_PORT}`;
  // Named as Prometheus expects: counters end in _total, durations in seconds (as the bursar_* series).
  return {
    telemetryOptions: {
      metrics: { prometheus: { bindAddress, countersTotalSuffix: true, useSecondsForDurations: true } },
    },
  };
}

/**
 * The SDK logs to the process's JSON log (workflows' `log` with their workflow id and run, activities' with theirs),
 * the Rust core's warnings forwarded there too rather than printed as text.
 */
export function temporalLogging(config: Pick<Config, 'namespaces'>): Pick<RuntimeOptions, 'logger'> & {
  logging: NonNullable<RuntimeOptions['telemetryOptions']>['logging'];
} {
  const environmentOf = (namespace: string) =>
    Object.entries(config.namespaces).find(([, name]) => name === namespace)?.[0];
  return {
    logger: temporalLogger(environmentOf),
    logging: { forward: {}, filter: makeTelemetryFilterString({ core: 'WARN', other: 'ERROR' }) },
  };
}

export function installTemporalRuntime(
  config: Pick<Config, 'METRICS_HOST' | 'TEMPORAL_METRICS_PORT' | 'namespaces'>,
): Runtime {
  const options = temporalRuntimeOptions(config);
  const { logger, logging } = temporalLogging(config);
  return Runtime.install({ ...options, logger, telemetryOptions: { ...options.telemetryOptions, logging } });
}
