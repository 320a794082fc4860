// ESLint flat config (CommonJS). Syntax-only presets on purpose: the type-checked ones need a full TypeScript program and are too slow for CI on 2 cores.
// Formatting is Prettier's job: eslint-config-prettier comes last and switches off every stylistic rule that would fight it.
// @ts-check
const eslint = require('@eslint/js');
const tseslint = require('typescript-eslint');
const prettier = require('eslint-config-prettier');
const globals = require('globals');

/** Errors cross into Temporal by code (src/kernel/error-codes.ts), checked by the compiler: never a string of one's own. */
const ERROR_CODES_BY_NAME = [
  {
    selector: "Property[key.name='nonRetryableErrorTypes'][value.callee.name!='nonRetryable']",
    message:
      "A retry policy names its non-retryable errors with nonRetryable('Code', …) from src/kernel/error-codes.ts, not as strings.",
  },
  {
    selector: "CallExpression[callee.object.name='ApplicationFailure'] > Literal:nth-child(2)",
    message: "An ApplicationFailure's type is failureType('Code') from src/kernel/error-codes.ts, not a string.",
  },
];

/** Small files named after what they do: a source file over this holds more than one thing (STYLE.md). */
const MAX_FILE_BYTES = 12 * 1024;

/**
 * Files over the budget today, each held to its size now (rounded up to the next 128 bytes) so that it cannot grow
 * until it is split by what its parts do; a file leaves this list when it is split, and the list only shrinks.
 */
const OVER_BUDGET = {
  'src/domains/customer/customer.service.ts': 16512,
  'src/domains/benefit/license-key/license-key.service.ts': 15744,
  'src/domains/catalog/product.service.ts': 15616,
  'src/domains/oauth2/oauth2.service.ts': 15616,
  'src/app/wiring.ts': 14464,
  'src/domains/meter/customer-meter.queries.ts': 13696,
  'src/domains/subscription/subscription.logic.ts': 13440,
  'src/domains/subscription/subscription-commands.service.ts': 13056,
  'workflows/subscription.workflow.ts': 12672,
  'src/adapters/events/postgres-event-reader.ts': 12544,
};

/** `bursar/max-file-bytes`: the file's UTF-8 size against the budget (the option, else MAX_FILE_BYTES). */
const bursar = {
  rules: {
    'max-file-bytes': {
      meta: { type: 'suggestion', schema: [{ type: 'integer', minimum: 1 }] },
      create(context) {
        return {
          Program(node) {
            const max = context.options[0] ?? MAX_FILE_BYTES;
            const bytes = Buffer.byteLength(context.sourceCode.text, 'utf8');
            if (bytes > max)
              context.report({
                node,
                message: `${bytes} bytes, over the budget of ${max}: split the file by what its parts do.`,
              });
          },
        };
      },
    },
  },
};

module.exports = tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'coverage/', '.data/', '.tools/', '.scratch/', 'test/replay/histories/'],
  },
  eslint.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: globals.node },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Production code: no `any`.
    files: ['src/**/*.ts', 'workflows/**/*.ts', 'activities/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    // The composition root builds each service after what it uses: a closure over a service built later (a late-bound
    // dependency, a cycle the import graph cannot see) is refused. Break it with a read function, a port or an event.
    files: ['src/app/*wiring.ts', 'src/app/environment.ts'],
    rules: {
      '@typescript-eslint/no-use-before-define': [
        'error',
        { functions: false, classes: false, variables: true, typedefs: false, ignoreTypeReferences: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'workflows/**/*.ts', 'activities/**/*.ts'],
    plugins: { bursar },
    rules: { 'bursar/max-file-bytes': 'error' },
  },
  ...Object.entries(OVER_BUDGET).map(([file, bytes]) => ({
    files: [file],
    rules: { 'bursar/max-file-bytes': ['error', bytes] },
  })),
  {
    files: ['workflows/**/*.ts', 'activities/**/*.ts', 'temporal.config.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ERROR_CODES_BY_NAME] },
  },
  {
    // Named exports only in src/: one name per thing, greppable, and renamed together by the compiler.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'No default exports in src/: export a named binding instead.',
        },
        {
          selector: "ExportSpecifier[exported.name='default']",
          message: 'No default exports in src/: export a named binding instead.',
        },
        ...ERROR_CODES_BY_NAME,
      ],
    },
  },
  {
    // The hosted pages' browser code (bundled by esbuild, type-checked with src/web/client/tsconfig.json).
    files: ['src/web/client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Tests and benchmarks poke at internals and untyped JSON; Jest's globals are available there.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Plain JavaScript files (bin/bursar.js, jest.config.js, the Jest reporter, these configs) are CommonJS run by Node.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
