#!/usr/bin/env node
// Turns Kubernetes' OpenAPI v2 document (api/openapi-spec/swagger.json of the k8s.io/kubernetes module) into the JSON
// schemas kubeconform reads, one self-contained file per kind and apiVersion, in its layout:
//   OUT/VERSION-standalone[-strict]/{kind}[-{group's first label}]-{version}.json
// Like the published kubernetes-json-schema sets: int-or-string fields take a string or an integer, quantities a string
// or a number, `kind` and `apiVersion` are fixed to the file's, and the strict set refuses properties the API does not
// define (additionalProperties: false on every object with properties, as kubectl's validation does). Unlike them,
// an optional field set to null is refused (none of our manifests writes one).
//   node scripts/k8s-json-schemas.js SWAGGER_JSON OUT_DIR VERSION
const fs = require('node:fs');
const path = require('node:path');

const [swaggerPath, outDir, version] = process.argv.slice(2);
if (!swaggerPath || !outDir || !/^v\d+\.\d+\.\d+$/.test(version ?? '')) {
  console.error('usage: k8s-json-schemas.js SWAGGER_JSON OUT_DIR vMAJOR.MINOR.PATCH');
  process.exit(2);
}
const definitions = JSON.parse(fs.readFileSync(swaggerPath, 'utf8')).definitions;
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';
const REF = '#/definitions/';

/** A copy of `schema` with kubeconform's conventions applied; `strict` closes every object that lists properties. */
function convert(schema, strict) {
  if (Array.isArray(schema)) return schema.map((item) => convert(item, strict));
  if (schema === null || typeof schema !== 'object') return schema;
  if (schema.format === 'int-or-string') return { oneOf: [{ type: 'string' }, { type: 'integer' }] };
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    // `properties` and `definitions` map names to schemas: convert the schemas, never treat the names as keywords.
    out[key] =
      key === 'properties' || key === 'definitions'
        ? Object.fromEntries(Object.entries(value).map(([name, s]) => [name, convert(s, strict)]))
        : convert(value, strict);
  }
  if (strict && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** The names of every definition `schema` reaches through $ref, itself included. */
function reachable(name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  const text = JSON.stringify(definitions[name]);
  for (const [, ref] of text.matchAll(/"\$ref":"#\/definitions\/([^"]+)"/g)) reachable(ref, seen);
  return seen;
}

function standalone(name, gvk, strict) {
  const own = definitions[name];
  const root = convert(own, strict);
  const apiVersion = gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
  root.properties = { ...root.properties, apiVersion: { type: 'string', enum: [apiVersion] } };
  root.properties.kind = { type: 'string', enum: [gvk.kind] };
  const deps = [...reachable(name)].filter((dep) => dep !== name).sort();
  const defs = Object.fromEntries(
    deps.map((dep) => [
      dep,
      dep === QUANTITY ? { oneOf: [{ type: 'string' }, { type: 'number' }] } : convert(definitions[dep], strict),
    ]),
  );
  // A definition that refers back to the kind itself ($ref to its own name) finds it among the definitions too.
  if (JSON.stringify(defs).includes(`"${REF}${name}"`)) defs[name] = convert(own, strict);
  return { $schema: 'http://json-schema.org/draft-04/schema#', ...root, definitions: defs };
}

const fileName = (gvk) =>
  `${[gvk.kind, gvk.group.split('.')[0], gvk.version].filter(Boolean).join('-').toLowerCase()}.json`;

let written = 0;
for (const strict of [false, true]) {
  const dir = path.join(outDir, `${version}-standalone${strict ? '-strict' : ''}`);
  fs.mkdirSync(dir, { recursive: true });
  const taken = new Set();
  for (const [name, schema] of Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b))) {
    for (const gvk of schema['x-kubernetes-group-version-kind'] ?? []) {
      const file = fileName(gvk);
      if (taken.has(file)) continue; // the same kind under another definition name (e.g. WatchEvent): keep the first
      taken.add(file);
      fs.writeFileSync(path.join(dir, file), JSON.stringify(standalone(name, gvk, strict)));
      written += 1;
    }
  }
}
console.error(`k8s-json-schemas: ${written} schemas for Kubernetes ${version} in ${outDir}`);
