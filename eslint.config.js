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

const NAMED_EXPORTS = [
  { selector: 'ExportDefaultDeclaration', message: 'No default exports in src/: export a named binding instead.' },
  {
    selector: "ExportSpecifier[exported.name='default']",
    message: 'No default exports in src/: export a named binding instead.',
  },
];

const NO_LATE_BINDING = [
  {
    selector:
      "VariableDeclaration[kind!='const'], AssignmentExpression > MemberExpression.left, AssignmentExpression > Identifier.left",
    message:
      'A late-bound dependency: a service is given to another only as a need its `provide` declares. Declare the need, or break the cycle with a port the lower module owns or an event.',
  },
];

/** `bursar/max-file-bytes`: the file's UTF-8 size against MAX_FILE_BYTES. */
const bursar = {
  rules: {
    'max-file-bytes': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        return {
          Program(node) {
            const bytes = Buffer.byteLength(context.sourceCode.text, 'utf8');
            if (bytes > MAX_FILE_BYTES)
              context.report({
                node,
                message: `${bytes} bytes, over the budget of ${MAX_FILE_BYTES}: split the file by what its parts do.`,
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
    files: ['src/**/*.{ts,tsx}', 'workflows/**/*.ts', 'activities/**/*.ts', 'temporal.config.ts'],
    plugins: { bursar },
    rules: { 'bursar/max-file-bytes': 'error' },
  },
  {
    files: ['workflows/**/*.ts', 'activities/**/*.ts', 'temporal.config.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ERROR_CODES_BY_NAME] },
  },
  {
    // Named exports only in src/: one name per thing, greppable, and renamed together by the compiler.
    files: ['src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NAMED_EXPORTS, ...ERROR_CODES_BY_NAME] },
  },
  {
    // A module's services reach each other only through the needs `provide` declares, which the compiler holds each
    // build to: a mutable binding beside them would be a late-bound dependency (a cycle no one declared).
    files: ['src/**/*.module.ts'],
    rules: { 'no-restricted-syntax': ['error', ...NAMED_EXPORTS, ...ERROR_CODES_BY_NAME, ...NO_LATE_BINDING] },
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
