// Tracing in a test file. Jest loads modules through its own registry, which the instrumentations' require hook never
// sees (a process started by bin/bursar.js does): the test applies the instrumentations' own patches to the modules
// its harness uses, `http` (Node's own) and `pg` (this file's copy), and takes them off again at the end.
import http from 'node:http';
import pg from 'pg';
import type { Tracing } from '../../src/platform/tracing';

const MODULES: Record<string, unknown> = { http, pg };

/** Patches `http` and `pg` as the instrumentations would have; returns what takes the patches off. */
export function instrumentTestModules(tracing: Tracing): () => void {
  const undo: (() => void)[] = [];
  for (const instrumentation of tracing.instrumentations)
    for (const definition of instrumentation.getModuleDefinitions()) {
      const exports = MODULES[definition.name];
      if (!exports || !definition.patch) continue;
      definition.patch(exports);
      undo.push(() => definition.unpatch?.(exports));
    }
  return () => undo.forEach((takeOff) => takeOff());
}
