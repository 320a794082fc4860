// The 1.x client's models per dated version, read from its type declarations (it validates nothing at run time, so
// its types are the shape to follow): each interface's fields, and which are optional.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export type Models = Map<string, Map<string, { optional: boolean }>>;

/** The models of each version the client speaks, by version (`2026-04`, `2026-10`, `2027-01`). */
export function sdkModels(): Map<string, Models> {
  const dist = dirname(require.resolve('@polar-sh/sdk')); // dist/index.cjs
  const byVersion = new Map<string, Models>();
  for (const file of readdirSync(dist).filter((name) => /^models-.*\.d\.cts$/.test(name))) {
    const source = readFileSync(join(dist, file), 'utf8');
    const versions = /type ApiVersion = ([^;]+);/.exec(source)?.[1].match(/\d{4}-\d{2}/g) ?? [];
    byVersion.set(versions[versions.length - 1], interfacesOf(source));
  }
  return byVersion;
}

function interfacesOf(source: string): Models {
  const models: Models = new Map();
  for (const [, name, body] of source.matchAll(/^interface (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const fields = new Map<string, { optional: boolean }>();
    for (const [, field, optional] of body.replace(/\/\*\*[\s\S]*?\*\//g, '').matchAll(/^\s+(\w+)(\??): .*;$/gm))
      fields.set(field, { optional: optional === '?' });
    models.set(name, fields);
  }
  return models;
}
