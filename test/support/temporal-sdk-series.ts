// The Temporal SDK worker series the Grafana dashboard charts, as the worker's SDK exporter names them
// (src/app/temporal-runtime.ts: counters with _total, durations in seconds). The metrics integration test checks that
// the exporter serves each of them; the dashboard test, that the dashboard charts no other temporal_* series.
export const TEMPORAL_SDK_SERIES = [
  'temporal_workflow_task_schedule_to_start_latency_bucket',
  'temporal_workflow_task_execution_latency_bucket',
  'temporal_activity_schedule_to_start_latency_bucket',
  'temporal_activity_execution_latency_bucket',
  'temporal_activity_execution_failed_total',
  'temporal_workflow_completed_total',
  'temporal_worker_task_slots_available',
  'temporal_sticky_cache_size',
] as const;
