// vega-lite publishes its types under package "exports" only, which this project's `moduleResolution: node` does not
// read; the little the report uses, declared here.
declare module 'vega-lite' {
  import type { Spec } from 'vega';
  /** A vega-lite specification (https://vega.github.io/vega-lite/docs/spec.html). */
  export type TopLevelSpec = Record<string, unknown>;
  export function compile(spec: TopLevelSpec): { spec: Spec };
}
