// Each flow's descriptor (workflows/definitions.ts FLOWS) names a real workflow and takes exactly the input that
// workflow function takes: checked by the type-checker (`./run test` runs tsc on test/), and the names at run time.
import type * as workflows from '../../workflows';
import { FLOWS, WORKFLOW_TYPES } from '../../workflows/definitions';

type Workflows = typeof workflows;
type InputOf<F> = F extends { readonly input?: infer I } ? I : never;
type ParameterOf<T> = T extends keyof Workflows ? Parameters<Workflows[T]>[0] : 'no such workflow';
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checks = { [K in keyof typeof FLOWS]: Same<InputOf<(typeof FLOWS)[K]>, ParameterOf<(typeof FLOWS)[K]['type']>> };

type Assert<T extends true> = T;
// A descriptor whose input differs from its workflow's parameter makes its entry `false`, and this line fail to compile.
export type _EveryInputMatches = Assert<Checks[keyof Checks]>;

it('every flow descriptor names a workflow type', () => {
  for (const flow of Object.values(FLOWS)) expect(Object.values(WORKFLOW_TYPES)).toContain(flow.type);
});
