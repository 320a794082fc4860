// A vega-lite chart drawn as SVG under the pages' Content-Security-Policy: vega would compile its expressions with
// `new Function`, which the policy forbids, so the spec is parsed to an AST and run by vega's interpreter.
import { useEffect, useRef } from 'preact/hooks';
import { parse, View } from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import { compile, type TopLevelSpec } from 'vega-lite';

export function VegaChart(props: { spec: TopLevelSpec; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const runtime = parse(compile(props.spec).spec, undefined, { ast: true });
    const view = new View(runtime, { expr: expressionInterpreter, renderer: 'svg', hover: false });
    view.initialize(container.current);
    void view.runAsync();
    return () => view.finalize();
  }, [props.spec]);
  // vega marks up its own element as a graphics document named by the spec's description; the wrapper names the
  // chart as one image for every screen reader, the figure's table giving the numbers.
  return (
    <div class="chart" role="img" aria-label={props.label}>
      <div ref={container} />
    </div>
  );
}
