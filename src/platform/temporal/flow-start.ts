// A flow's start, built from its descriptor (workflows/definitions.ts `FLOWS`): the type name, the id from its key and
// the input come together, so a start with another flow's input or key does not compile. The outbox and
// update-with-start take nothing else.
import type { SignalDefinition } from '@temporalio/common';
import type { FlowDescriptor } from '../../../workflows/definitions';
import type { SearchAttributeValues } from './search-attributes';

export interface StartOptions {
  searchAttributes?: SearchAttributeValues;
  summary?: string;
  /** The id may run again once its last run closed (documents rendered anew); otherwise an id runs once, ever. */
  reusable?: boolean;
  /** Sent with the start (signal-with-start), so a run already under way hears of the request too. */
  signal?: SignalDefinition<any[]>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The signal's arguments (none unless given). */
  signalArgs?: unknown[];
}

declare const built: unique symbol;

export interface WorkflowStart extends StartOptions {
  workflowType: string;
  workflowId: string;
  args: unknown[];
  readonly [built]: true;
}

export function flowStart<Input, Key extends unknown[]>(
  flow: FlowDescriptor<string, Input, Key>,
  key: Key,
  input: Input,
  options: StartOptions = {},
): WorkflowStart {
  return { workflowType: flow.type, workflowId: flow.id(...key), args: [input], ...options } as WorkflowStart;
}
