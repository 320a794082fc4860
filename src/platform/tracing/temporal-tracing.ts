// Temporal's OpenTelemetry interceptors: the client's puts the active trace in the headers of the flows it starts,
// signals and updates; on the worker, the workflow's (bundled into the workflow code) and the activities' continue
// it, and the workflow's spans leave the sandbox through a sink. With tracing off, none is added but the workflow's,
// whose spans the sink then drops: the workflow code stays the same whether a worker traces or not.
import type { WorkflowClientInterceptor } from '@temporalio/client';
import type { ActivityInterceptorsFactory, InjectedSinks } from '@temporalio/worker';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry/lib/client';
import {
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  makeWorkflowExporter,
} from '@temporalio/interceptors-opentelemetry/lib/worker';
import type { OpenTelemetrySinks } from '@temporalio/interceptors-opentelemetry/lib/workflow/definitions';
import { activeTracing } from './tracing';

/** Bundled with the workflows (`bundleWorkflowCode`'s `workflowInterceptorModules`) for every worker and replay. */
export const WORKFLOW_TRACING_MODULES: readonly string[] = [
  require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors'),
];

export function tracingClientInterceptors(): WorkflowClientInterceptor[] {
  return activeTracing() ? [new OpenTelemetryWorkflowClientInterceptor()] : [];
}

/** The activity's span, a child of its workflow's `StartActivity` span; first, so the activity runs inside it. */
export function tracingActivityInterceptors(): ActivityInterceptorsFactory[] {
  if (!activeTracing()) return [];
  return [
    (ctx) => ({
      inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
      outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
    }),
  ];
}

/** Where the workflow sandbox's spans go: this process's span processor, or nowhere with tracing off. */
export function workflowSpanSinks(): InjectedSinks<OpenTelemetrySinks> {
  const tracing = activeTracing();
  if (tracing) return { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) };
  return { exporter: { export: { fn: () => undefined } } };
}
