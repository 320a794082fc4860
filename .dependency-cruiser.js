// Architecture rules, checked by `./run lint`:
//   npx depcruise --config .dependency-cruiser.js --output-type err src workflows activities temporal.config.ts
// Paths are relative to the repository root; npm packages resolve to node_modules/…, Node built-ins have dependency type 'core'.
// tsPreCompilationDeps: true, so type-only imports (`import type …`, and imports whose every name is `type …`) are dependencies too;
// they carry the dependency type 'type-only'.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'This module is part of an import cycle (type-only imports count). Cycles make load order matter and hide which layer depends on which: ' +
        'move the shared piece down into a module both sides can import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'workflows-are-deterministic',
      severity: 'error',
      comment:
        'Workflow code is replayed by Temporal and must be deterministic: workflows/ may import only @temporalio/workflow, @temporalio/common, ' +
        'temporal.config.ts, src/kernel/, src/contracts/, *.logic.ts files and other workflows/ files. No Node built-ins, ORM, HTTP, adapters, ' +
        'services, src/app or src/platform. activities/ may only be imported with `import type` (see the next rule of the same name).',
      from: { path: '^workflows/' },
      to: {
        pathNot: [
          '^workflows/',
          '^node_modules/@temporalio/(workflow|common)/',
          '^temporal\\.config\\.ts$',
          '^src/kernel/',
          '^src/contracts/',
          '\\.logic\\.ts$',
          '^activities/', // type-only imports of activities/ are fine; value imports are caught by the rule below
        ],
      },
    },
    {
      name: 'workflows-are-deterministic',
      severity: 'error',
      comment:
        'workflows/ may import activities/ only as types (`import type { Activities } from "../activities"` for proxyActivities): ' +
        'a value import would pull activity code (database, HTTP, Node built-ins) into the workflow bundle.',
      from: { path: '^workflows/' },
      to: { path: '^activities/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'definitions-know-no-domain',
      severity: 'error',
      comment:
        'workflows/definitions.ts (flow names, ids, inputs, messages) is shared by the workflows, the domains and the platform: it may import ' +
        'only @temporalio/workflow, src/contracts/ and src/kernel/, so that importing it never drags a domain in. The same holds for the ' +
        'part split from it (workflows/subscription-definitions.ts).',
      from: { path: '^workflows/(subscription-)?definitions\\.ts$' },
      to: {
        pathNot: [
          '^node_modules/@temporalio/workflow/',
          '^src/contracts/',
          '^src/kernel/',
          '^workflows/subscription-definitions\\.ts$',
        ],
      },
    },
    {
      name: 'logic-is-pure',
      severity: 'error',
      comment:
        '*.logic.ts files hold the pure rules workflows import: no Node built-ins (randomness, clocks, I/O belong in services, adapters or ' +
        'src/platform/).',
      from: { path: '\\.logic\\.ts$' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'logic-is-pure',
      severity: 'error',
      comment:
        '*.logic.ts files may not import src/app/, src/platform/, src/adapters/ or activities/: they decide, others act.',
      from: { path: '\\.logic\\.ts$' },
      to: { path: ['^src/(app|platform|adapters)/', '^activities/'] },
    },
    {
      name: 'logic-is-pure',
      severity: 'error',
      comment:
        'A *.logic.ts file may use the non-logic files of a domain (entities, services) only as types: their code reaches the ORM and the ' +
        'database, which workflows must never load.',
      from: { path: '\\.logic\\.ts$' },
      to: { path: '^src/domains/', pathNot: '\\.logic\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'kernel-imports-nothing-of-the-project',
      severity: 'error',
      comment:
        'src/kernel/ is the bottom layer that everything else (workflows included) may use: it may import other src/kernel/ files, npm packages ' +
        'and Node built-ins, but nothing else of this project.',
      from: { path: '^src/kernel/' },
      to: { pathNot: ['^src/kernel/', '^node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'domain-through-index',
      severity: 'error',
      comment:
        "A domain uses another domain only through that domain's public surface, src/domains/<other>/index.ts. " +
        "(Exception, not this case: a *.logic.ts file may also import another domain's *.logic.ts.)",
      from: { path: '^src/domains/([^/]+)/', pathNot: '\\.logic\\.ts$' },
      to: { path: '^src/domains/', pathNot: ['^src/domains/$1/', '^src/domains/[^/]+/index\\.ts$'] },
    },
    {
      name: 'domain-through-index',
      severity: 'error',
      comment:
        "A domain's *.logic.ts file uses another domain only through src/domains/<other>/index.ts or that domain's *.logic.ts files " +
        '(pure rules), never its services, entities or routes.',
      from: { path: '^src/domains/([^/]+)/.*\\.logic\\.ts$' },
      to: {
        path: '^src/domains/',
        pathNot: ['^src/domains/$1/', '^src/domains/[^/]+/index\\.ts$', '^src/domains/[^/]+/.*\\.logic\\.ts$'],
      },
    },
    {
      name: 'entities-stay-in-their-domain',
      severity: 'error',
      comment:
        "A domain's entities are its own: its index.ts may export them only as types (`export type { Order } from './order.entity'`), so " +
        'no other domain, nor the composition root, can query its tables. Another domain gets a read function (`*.reads.ts`) or a port.',
      from: { path: '^src/domains/[^/]+/index\\.ts$' },
      to: { path: '\\.entity\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domains-below-app',
      severity: 'error',
      comment:
        'src/app/ is the composition root (modules, composition, HTTP app, worker, CLI): it wires everything else together, so nothing may import it ' +
        'except test/, bench/ and bin/. Pass what is needed (config values, the database, ports) in from src/app instead.',
      from: { pathNot: ['^src/app/', '^test/', '^bench/', '^bin/'] },
      to: { path: '^src/app/' },
    },
    {
      name: 'platform-below-domains',
      severity: 'error',
      comment:
        'src/platform/ is shared infrastructure beneath the domains: it may not import src/domains/ or src/app/, nor workflows/ other than ' +
        'the domain-free workflows/definitions.ts.',
      from: { path: '^src/platform/' },
      to: { path: ['^src/(domains|app)/', '^workflows/(?!definitions\\.ts$)'] },
    },
    {
      name: 'web-client-runs-in-the-browser',
      severity: 'error',
      comment:
        'src/web/client/ is bundled for the browser: it may import only itself, preact, types of src/contracts/, the money rules of ' +
        'src/kernel/money.ts and src/kernel/currency.ts, the card checksum of src/kernel/luhn.ts and the reverse-charge rule of src/domains/tax/tax-regions.logic.ts (so the pages word amounts and tax as ' +
        'the API computes them), and vega with vega-lite and its CSP-safe interpreter for the metrics charts. It reaches the server only ' +
        'over HTTP, never by importing server code.',
      from: { path: '^src/web/client/' },
      to: {
        pathNot: [
          '^src/web/client/',
          '^node_modules/preact/',
          '^(node_modules/)?vega(-lite|-interpreter)?(/|$)',
          '^src/contracts/',
          '^src/kernel/money\\.ts$',
          '^src/kernel/currency\\.ts$',
          '^src/kernel/luhn\\.ts$',
          '^src/domains/tax/tax-regions\\.logic\\.ts$',
        ],
      },
    },
    {
      name: 'web-client-runs-in-the-browser',
      severity: 'error',
      comment:
        'src/web/client/ may import src/contracts/ only with `import type` (zod schemas do not belong in the pages), except the plain ' +
        'list of country codes.',
      from: { path: '^src/web/client/' },
      to: { path: '^src/contracts/', pathNot: '^src/contracts/country-codes\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contracts-are-pure',
      severity: 'error',
      comment:
        'src/contracts/ holds the API schemas shared by the API, the workflows and clients: it may import only src/contracts/, src/kernel/ ' +
        'and npm packages (zod), not domains, adapters, src/app or Node built-ins.',
      from: { path: '^src/contracts/' },
      to: { pathNot: ['^src/contracts/', '^src/kernel/', '^node_modules/'] },
    },
    {
      name: 'activities-never-import-koa',
      severity: 'error',
      comment:
        'Activities run in the Temporal worker, not in the HTTP API: activities/ may not import koa, @koa/* (types included) or src/app/. ' +
        'Put what both need in a domain service.',
      from: { path: '^activities/' },
      to: { path: ['^node_modules/(@types/)?koa/', '^node_modules/@koa/', '^node_modules/@types/koa__', '^src/app/'] },
    },
    {
      name: 'golden-calculator-is-independent',
      severity: 'error',
      comment:
        "The golden grid's calculator (test/golden/calculator/) is a second derivation of what the engine bills, written from the " +
        "README's rules: it may import only its own files, the scenario's types (test/golden/scenario.ts) and Node built-ins. " +
        'Nothing of src/, workflows/ or activities/, and no npm package: a shared helper would make both sides wrong together.',
      from: { path: '^test/golden/calculator/' },
      to: { pathNot: ['^test/golden/calculator/', '^test/golden/scenario\\.ts$'], dependencyTypesNot: ['core'] },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^test/replay/histories/' },
  },
};
