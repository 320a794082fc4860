// The structured log's second line of defence and its Temporal adapter: secret fields censored, bearer tokens (of
// every prefix the code issues), URL passwords and card numbers scrubbed from messages and errors (a timestamp left
// alone), context fields on every line, and the SDK's metadata written as the log's own fields (an activity's failure
// with its error code).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { generateToken } from '../../src/platform/crypto/tokens';
import { scrubSecrets, TOKEN_PREFIXES } from '../../src/platform/logging/redaction';
import { addLogContext, logger, withLogContext } from '../../src/platform/logging/logger';
import { temporalLogger } from '../../src/platform/logging/temporal-logger';
import { captureLogs, type CapturedLogs } from '../support/log-capture';

let logs: CapturedLogs;
beforeEach(() => (logs = captureLogs('debug')));
afterEach(() => logs.restore());

test('fields named after a secret are censored, at the top and one level down', () => {
  logger().info({ token: 'bursar_oat_x', body: { client_secret: 'cs', password: 'pw', id: 'kept' } }, 'created');
  expect(logs.lines[0]).toMatchObject({
    token: '[Redacted]',
    body: { client_secret: '[Redacted]', password: '[Redacted]', id: 'kept' },
  });
});

test('messages and errors are scrubbed of tokens, URL passwords and card numbers, not of other numbers', () => {
  const error = new Error('connect to postgres://bursar:hunter2@db/bursar failed for bursar_cst_Abc123');
  logger().error({ err: error }, 'card 4242 4242 4242 4242 at 1714000000000, order 4242424242424241');
  const line = logs.lines[0];
  expect(line.msg).toBe('card [Redacted card] at 1714000000000, order 4242424242424241');
  expect(line.err).toMatchObject({
    type: 'Error',
    message: 'connect to postgres://bursar:[Redacted]@db/bursar failed for bursar_cst_[Redacted]',
  });
  expect(logs.text()).not.toMatch(/hunter2|Abc123/);
});

test('every kind of Bursar token and client secret is scrubbed whole, its prefix kept', () => {
  const random = (prefix: string) =>
    prefix === 'bursar_c_' || prefix === 'bursar_cl_'
      ? `${prefix}${randomBytes(32).toString('base64url')}-_tail` // as checkouts and links make them
      : generateToken(prefix);
  for (const prefix of TOKEN_PREFIXES) {
    const token = random(prefix);
    const message = scrubSecrets(`refused ${token}; /v1/checkouts/client/${token}/confirm?x=${token}&y=1`);
    expect(message).toBe(
      `refused ${prefix}[Redacted]; /v1/checkouts/client/${prefix}[Redacted]/confirm?x=${prefix}[Redacted]&y=1`,
    );
  }
  expect(scrubSecrets('bursar_at_o_SECRET and bursar_rt_o_SECRET2')).toBe(
    'bursar_at_o_[Redacted] and bursar_rt_o_[Redacted]',
  );
  expect(scrubSecrets('metric bursar_http_requests_total, key bursar_reference')).toBe(
    'metric bursar_http_requests_total, key bursar_reference',
  );
});

test('the scrubber knows every token prefix the code issues', () => {
  const issued = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name.endsWith('.ts'))
        for (const [, prefix] of readFileSync(join(dir, entry.name), 'utf8').matchAll(/['`](bursar_[a-z_]*_)['`$]/g))
          issued.add(prefix);
  };
  walk(join(__dirname, '../../src'));
  expect(issued.size).toBeGreaterThanOrEqual(10);
  expect([...issued].filter((prefix) => !(TOKEN_PREFIXES as readonly string[]).includes(prefix))).toEqual([]);
});

test('every line written inside a context carries it, and what it learns halfway', () => {
  withLogContext({ request_id: 'req_1', environment: 'sandbox' }, () => {
    logger().info('before');
    addLogContext({ organization_id: 'org_1' });
    logger().info('after');
  });
  logger().info('outside');
  expect(logs.lines.map(({ request_id, organization_id }) => [request_id, organization_id])).toEqual([
    ['req_1', undefined],
    ['req_1', 'org_1'],
    [undefined, undefined],
  ]);
});

test("the SDK's lines: snake_case fields, the run, the environment, an activity's failure with its code", () => {
  const sdk = temporalLogger((namespace) => (namespace === 'bursar-sandbox' ? 'sandbox' : undefined));
  const failure = ApplicationFailure.nonRetryable('Your card was declined.', 'CardDeclined');
  sdk.warn('Activity failed', {
    namespace: 'bursar-sandbox',
    workflowId: 'checkout:c_1',
    workflowRunId: 'run_1',
    activityType: 'chargeCheckout',
    taskToken: 'opaque',
    error: failure,
  });
  expect(logs.lines[0]).toMatchObject({
    level: 'warn',
    msg: 'Activity failed',
    environment: 'sandbox',
    workflow_id: 'checkout:c_1',
    run_id: 'run_1',
    activity_type: 'chargeCheckout',
    error_code: 'CardDeclined',
    err: { type: 'ApplicationFailure', message: 'Your card was declined.' },
  });
  expect(logs.lines[0]).not.toHaveProperty('task_token');
});
