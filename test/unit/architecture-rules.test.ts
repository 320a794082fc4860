// The architecture rules of `./run lint` (.dependency-cruiser.js, eslint.config.js), run on small fixtures laid out
// like this repository: each rule must refuse what it names and let the allowed shape pass.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** The rules that the fixture breaks, by name (none: it passes). */
function brokenRules(files: Record<string, string>, roots = ['src']): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'bursar-rules-'));
  try {
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, module: 'commonjs', target: 'es2022' } }),
    );
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const bin = join(ROOT, 'node_modules/.bin/depcruise');
    const args = ['--config', join(ROOT, '.dependency-cruiser.js'), '--output-type', 'json', ...roots];
    const result = JSON.parse(execFileSync(bin, args, { cwd: dir, encoding: 'utf8' })) as {
      summary: { violations: { rule: { name: string } }[] };
    };
    return [...new Set(result.summary.violations.map((v) => v.rule.name))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const orderDomain = (indexLine: string) => ({
  'src/domains/order/order.entity.ts': 'export class Order {\n  id = "";\n}\n',
  'src/domains/order/index.ts': `${indexLine}\n`,
  'src/domains/checkout/checkout.service.ts':
    "import type { Order } from '../order';\nexport const orderId = (order: Order) => order.id;\n",
});

describe('architecture rules', () => {
  it('a domain exports its entities as types only: another domain cannot query its tables', () => {
    expect(brokenRules(orderDomain("export { Order } from './order.entity';"))).toEqual([
      'entities-stay-in-their-domain',
    ]);
    expect(brokenRules(orderDomain("export type { Order } from './order.entity';"))).toEqual([]);
  });

  it("a domain reaches another only through the other's index", () => {
    const files = {
      ...orderDomain("export type { Order } from './order.entity';"),
      'src/domains/checkout/checkout.reads.ts':
        "import { Order } from '../order/order.entity';\nexport const make = () => new Order();\n",
    };
    expect(brokenRules(files)).toEqual(['domain-through-index']);
  });
});

it("the golden grid's calculator imports nothing of the engine, only its own files and the scenario's types", () => {
  const calculator = (extra: string) => ({
    'src/kernel/money.ts': 'export const half = (n: number) => n / 2;\n',
    'test/golden/scenario.ts': 'export interface Scenario {\n  id: string;\n}\n',
    'test/golden/calculator/index.ts': `import type { Scenario } from '../scenario';\n${extra}export const n = (s: Scenario) => s.id.length;\n`,
  });
  const engine = "import { half } from '../../../src/kernel/money';\nexport const h = half;\n";
  expect(brokenRules(calculator(engine), ['src', 'test'])).toEqual(['golden-calculator-is-independent']);
  expect(brokenRules(calculator(''), ['src', 'test'])).toEqual([]);
});

/** The messages ESLint gives for `text` as if it were the file at `path` of this repository. */
async function lintMessages(path: string, text: string): Promise<string[]> {
  const args = ['--stdin', '--stdin-filename', path, '--format', 'json'];
  const run = spawnSync(join(ROOT, 'node_modules/.bin/eslint'), args, { cwd: ROOT, input: text, encoding: 'utf8' });
  const [result] = JSON.parse(run.stdout) as { messages: { message: string }[] }[];
  return result.messages.map((m) => m.message);
}

describe('errors named by code', () => {
  it('a retry policy lists its non-retryable errors with nonRetryable(…), never as strings', async () => {
    const policy = (list: string) =>
      `import { nonRetryable } from './src/kernel/error-codes';\nexport const P = { retry: { nonRetryableErrorTypes: ${list} } };\nvoid nonRetryable;\n`;
    expect(await lintMessages('temporal.config.ts', policy("['PaymentFailed']"))).toEqual([
      expect.stringContaining("nonRetryable('Code', …)"),
    ]);
    expect(await lintMessages('temporal.config.ts', policy("nonRetryable('PaymentFailed')"))).toEqual([]);
  });

  it("a failure's type is failureType(…), never a string", async () => {
    const failure = (type: string) =>
      `import { ApplicationFailure } from '@temporalio/workflow';\nimport { failureType } from '../src/kernel/error-codes';\nexport const f = () => ApplicationFailure.nonRetryable('No.', ${type});\nvoid failureType;\n`;
    expect(await lintMessages('workflows/x.workflow.ts', failure("'NotOpenCheckout'"))).toEqual([
      expect.stringContaining("failureType('Code')"),
    ]);
    expect(await lintMessages('workflows/x.workflow.ts', failure("failureType('NotOpenCheckout')"))).toEqual([]);
  });
});

describe('a module', () => {
  const module = (body: string) =>
    `import { provide, type Module } from '../../platform/module';\ndeclare class A { constructor(b: () => number) }\n${body}`;

  it('gives a service to another only through a declared need: a late-bound reference is refused', async () => {
    const lateBound = [
      'let b: { n: number };',
      "export const m: Module = { name: 'm', provides: [provide('a', [], () => new A(() => b.n))] };",
      "export const n: Module = { name: 'n', provides: [provide('b', [], () => (b = { n: 1 }))] };",
    ].join('\n');
    const messages = await lintMessages('src/domains/x/x.module.ts', module(lateBound));
    expect(messages).toHaveLength(2);
    expect(messages).toEqual(expect.arrayContaining([expect.stringContaining('A late-bound dependency')]));
    const declared =
      "export const m: Module = { name: 'm', provides: [provide('a', ['b'], ({ b }) => new A(() => b.n))] };";
    expect(await lintMessages('src/domains/x/x.module.ts', module(declared))).toEqual([]);
  });
});

describe('the file budget', () => {
  /** A source file of exactly `bytes` bytes (a comment). */
  const sized = (bytes: number) => `// ${'x'.repeat(bytes - 4)}\n`;

  it('refuses a source file over 12 KB', async () => {
    expect(await lintMessages('src/domains/example/example.service.ts', sized(12 * 1024))).toEqual([]);
    expect(await lintMessages('src/domains/example/example.service.ts', sized(12 * 1024 + 1))).toEqual([
      '12289 bytes, over the budget of 12288: split the file by what its parts do.',
    ]);
    expect(await lintMessages('workflows/example.workflow.ts', sized(13_000))).toHaveLength(1);
    expect(await lintMessages('temporal.config.ts', sized(13_000))).toHaveLength(1);
  });
});
