// The published 0.x clients of this API, as merchants install them: each operation's method, path and response
// matchers read from the client's own compiled code, so a recorded response is judged by the very code the client
// runs on it (status, content type, then its zod schema).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The npm aliases of the clients under test (package.json), with the adapters that pin each. */
export const CLIENT_VERSIONS = [
  { name: 'polar-sdk-0.32', version: '0.32.16', pinnedBy: '@polar-sh/express 0.3.0' },
  { name: 'polar-sdk-0.41', version: '0.41.5', pinnedBy: '@polar-sh/ingestion 0.4.2' },
  { name: 'polar-sdk-0.42', version: '0.42.5', pinnedBy: '@polar-sh/hono 0.5.3' },
  {
    name: 'polar-sdk-0.47',
    version: '0.47.1',
    pinnedBy: '@polar-sh/nextjs 0.9.6, better-auth 1.8.4, adapter-utils 0.4.6',
  },
  { name: 'polar-sdk-0.49', version: '0.49.0', pinnedBy: 'the newest 0.x' },
] as const;

export interface Operation {
  id: string;
  method: string;
  template: string;
  pattern: RegExp;
  literals: number;
  /** The client's own response handling: [result, raw] as its function sees it. */
  match(response: Response, request: Request): Promise<[{ ok: boolean; error?: unknown }, unknown]>;
}

export interface Client {
  version: string;
  operations: Operation[];
  /** The client's `validateEvent(body, headers, secret)`. */
  validateEvent(body: string, headers: Record<string, string>, secret: string): unknown;
  /** The operation that serves `method path` (the most specific template wins), if the client has one. */
  operationFor(method: string, path: string): Operation | undefined;
}

export function loadClient(name: string, version: string): Client {
  const root = dirname(require.resolve(`${name}/package.json`));
  const funcs = join(root, 'dist/commonjs/funcs');
  const operations = readdirSync(funcs)
    .filter((file) => file.endsWith('.js'))
    .map((file) => operationOf(join(funcs, file)))
    .filter((operation): operation is Operation => operation !== null)
    .sort((a, b) => b.literals - a.literals);
  const { validateEvent } = loadModule(join(root, 'dist/commonjs/webhooks.js')) as Pick<Client, 'validateEvent'>;
  return {
    version,
    operations,
    validateEvent,
    operationFor: (method, path) => operations.find((op) => op.method === method && op.pattern.test(path)),
  };
}

function operationOf(file: string): Operation | null {
  const source = readFileSync(file, 'utf8');
  const template = /pathToFunc\)?\("([^"]+)"\)/.exec(source)?.[1];
  const method = /method: "([A-Z]+)"/.exec(source)?.[1];
  const id = /operationID: "([^"]+)"/.exec(source)?.[1];
  const start = source.indexOf('M.match(');
  if (!source.includes('pathToFunc')) return null; // not an operation (the webhook helpers)
  if (!template || !method || !id || start < 0)
    throw new Error(`${file}: an operation this suite cannot read; has the client's build changed?`);
  const args = balanced(source, start + 'M.match'.length);
  const bindings = [...source.matchAll(/^const (\w+) = (?:__importStar\()?require\("([^"]+)"\)\)?;$/gm)];
  const modules = bindings.map(([, , path]) => loadModule(path.startsWith('.') ? join(dirname(file), path) : path));
  const names = bindings.map(([, name]) => name);
  const matchers = new Function(...names, `return [${args}];`)(...modules) as unknown[];
  const M = modules[names.indexOf('M')] as {
    match(...m: unknown[]): (...a: unknown[]) => Promise<[{ ok: boolean; error?: unknown }, unknown]>;
  };
  const matcher = M.match(...matchers);
  // 0.32's matcher takes (response, options); later ones (response, request, options).
  const takesRequest = /\)\(response, req,/.test(source);
  const segments = template.split('/').filter(Boolean);
  return {
    id,
    method,
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literals: segments.filter((segment) => !segment.startsWith('{')).length,
    match: (response, request) =>
      takesRequest ? matcher(response, request, { extraFields: {} }) : matcher(response, { extraFields: {} }),
  };
}

/** A module of the client by its path, known only once its code is read. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const loadModule = (path: string): unknown => require(path);

/** The text inside the parentheses that open at `open`. */
function balanced(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  throw new Error('unbalanced M.match(…)');
}
