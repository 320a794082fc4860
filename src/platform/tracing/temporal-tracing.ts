// Temporal's OpenTelemetry interceptors: the client's puts the active trace in the headers of the flows it starts,
// signals and updates; on the worker, the workflow's (bundled into the workflow code) and the activities' continue
// it, and the workflow's spans leave the sandbox through a sink. With tracing off, none is added: a worker that does
// not trace bundles its workflows without them (src/app/worker.ts; each cached workflow would keep its open spans).
// They add no command, so a workflow replays the same on a worker with them or without them: the replay tests bundle
// them (their spans dropped by the sink), the test suite's prebuilt bundle does not.
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

/** Bundled with the workflows (`bundleWorkflowCode`'s `workflowInterceptorModules`) by a worker that traces. */
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
