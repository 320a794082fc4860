export { activeTracing, otlpConfigured, startTracing, type Tracing } from './tracing';
export { routeServerSpan } from './url-attributes';
export { captureTraceContext, contextOf, withTraceContext, type TraceCarrier } from './trace-context';
export {
  WORKFLOW_TRACING_MODULES,
  tracingActivityInterceptors,
  tracingClientInterceptors,
  workflowSpanSinks,
} from './temporal-tracing';
