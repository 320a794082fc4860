// The endpoints an OAuth client calls itself — token, introspection, revocation — refuse in RFC 6749's terms (§5.2):
// `error` is the OAuth code and `error_description` says why (our problem fields beside them), a malformed request is
// 400 invalid_request, an unknown grant type unsupported_grant_type, and a client that fails to authenticate — wrong
// secret, or not the way it registered (`token_endpoint_auth_method`) — 401 invalid_client with a Basic challenge.
import { OAuth2Client } from '../../src/contracts/oauth2-client';
import { startHarness, type TestHarness } from '../support/harness';
import { legacy } from '../support/versioned-contract';

const REDIRECT = 'https://app.example.com/callback';
const CHALLENGE = 'Basic realm="Bursar OAuth 2.0"';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ENDPOINTS = ['token', 'introspect', 'revoke'] as const;
type Endpoint = (typeof ENDPOINTS)[number];

let h: TestHarness;
let developer: { id: string; token: string };
const clients = {} as Record<'basic' | 'post' | 'public', OAuth2Client>;

beforeAll(async () => {
  h = await startHarness();
  developer = await h.organization(['organization_access_tokens:write']);
  for (const [name, method] of [
    ['basic', 'client_secret_basic'],
    ['post', 'client_secret_post'],
    ['public', 'none'],
  ] as const) {
    const body = {
      client_name: `App ${name}`,
      redirect_uris: [REDIRECT],
      scope: 'products:read',
      token_endpoint_auth_method: method,
    };
    clients[name] = legacy(OAuth2Client).parse(
      (await h.request('POST', '/v1/oauth2/register', { token: developer.token, json: body })).body,
    );
  }
});
afterAll(() => h.close());

/** A request each endpoint's contract accepts, but for the client's credentials (the code and token are nobody's). */
const VALID: Record<Endpoint, Record<string, string>> = {
  token: { grant_type: 'authorization_code', code: 'bursar_ac_unknown', redirect_uri: REDIRECT },
  introspect: { token: 'bursar_at_o_unknown' },
  revoke: { token: 'bursar_at_o_unknown' },
};

const post = (endpoint: Endpoint, rawBody: string, headers: Record<string, string> = FORM) =>
  h.request('POST', `/v1/oauth2/${endpoint}`, { rawBody, headers });
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const basic = (id: string, secret: string) => ({
  ...FORM,
  authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});
const inBody = (client: OAuth2Client) => ({ client_id: client.client_id, client_secret: client.client_secret! });

async function expectRefusal(
  response: Awaited<ReturnType<typeof post>>,
  status: number,
  error: string,
  description?: RegExp,
) {
  expect({ status: response.status, error: response.body?.error }).toEqual({ status, error });
  // RFC 6749's members, beside our problem fields (which every Bursar error body keeps)
  expect(response.body).toEqual({
    type: `urn:bursar:error:${error}`,
    title: error,
    detail: response.body.error_description,
    status,
    request_id: response.headers.get('x-request-id'),
    error,
    error_description: expect.stringMatching(description ?? /./),
  });
  expect(response.body.error_description).toMatch(/^[\x20\x21\x23-\x5b\x5d-\x7e]+$/); // RFC 6749's character set
  expect([response.headers.get('content-type'), response.headers.get('cache-control')]).toEqual([
    'application/json; charset=utf-8',
    'no-store',
  ]);
  expect(response.headers.get('www-authenticate')).toBe(status === 401 ? CHALLENGE : null);
}

describe.each(ENDPOINTS)('POST /v1/oauth2/%s', (endpoint) => {
  const valid = (): Record<string, string> => ({
    ...VALID[endpoint],
    ...(endpoint === 'introspect' ? inBody(clients.post) : { client_id: clients.public.client_id }),
  });

  test('a malformed request is 400 invalid_request, whatever is wrong with it', async () => {
    const required = endpoint === 'token' ? 'code' : 'token';
    const { [required]: _, ...missing } = valid();
    await expectRefusal(await post(endpoint, form(missing)), 400, 'invalid_request', new RegExp(`^${required}: `));
    await expectRefusal(
      await post(endpoint, `${form(valid())}&${form({ [required]: 'again' })}`),
      400,
      'invalid_request',
      /Sent more than once/,
    );
    await expectRefusal(
      await post(endpoint, '{"token":', { 'content-type': 'application/json' }),
      400,
      'invalid_request',
      /not valid JSON/,
    );
    await expectRefusal(
      await post(endpoint, form(valid()), { 'content-type': 'text/plain' }),
      400,
      'invalid_request',
      /application\/x-www-form-urlencoded/,
    );
    await expectRefusal(await post(endpoint, ''), 400, 'invalid_request');
  });

  test('a client authenticating two ways at once is 400 invalid_request', async () => {
    const both = await post(
      endpoint,
      form({ ...VALID[endpoint], client_secret: clients.basic.client_secret! }),
      basic(clients.basic.client_id, clients.basic.client_secret!),
    );
    await expectRefusal(both, 400, 'invalid_request', /one way/);
  });

  test('bad credentials with HTTP Basic are 401 invalid_client with a Basic challenge', async () => {
    await expectRefusal(
      await post(endpoint, form(VALID[endpoint]), basic(clients.basic.client_id, 'bursar_cs_wrong')),
      401,
      'invalid_client',
    );
    await expectRefusal(
      await post(endpoint, form(VALID[endpoint]), basic('bursar_ci_nobody', 'bursar_cs_wrong')),
      401,
      'invalid_client',
    );
    await expectRefusal(
      await post(endpoint, form(VALID[endpoint]), { ...FORM, authorization: 'Basic !!!' }),
      401,
      'invalid_client',
      /HTTP Basic/,
    );
  });

  test('each client authenticates only the way it registered; the other ways are 401 invalid_client', async () => {
    const wrong = /registered to authenticate with/;
    const { basic: viaBasic, post: viaPost, public: publicClient } = clients;
    // registered for HTTP Basic, its secret in the body; registered for the body, its secret in HTTP Basic
    await expectRefusal(
      await post(endpoint, form({ ...VALID[endpoint], ...inBody(viaBasic) })),
      401,
      'invalid_client',
      wrong,
    );
    await expectRefusal(
      await post(endpoint, form(VALID[endpoint]), basic(viaPost.client_id, viaPost.client_secret!)),
      401,
      'invalid_client',
      wrong,
    );
    // a confidential client without its secret; a public client with a secret
    await expectRefusal(
      await post(endpoint, form({ ...VALID[endpoint], client_id: viaPost.client_id })),
      401,
      'invalid_client',
      wrong,
    );
    await expectRefusal(
      await post(
        endpoint,
        form({ ...VALID[endpoint], client_id: publicClient.client_id, client_secret: 'bursar_cs_x' }),
      ),
      401,
      'invalid_client',
      wrong,
    );

    // the registered ways pass client authentication: the request then goes on to its own answer
    const answers = await Promise.all([
      post(endpoint, form(VALID[endpoint]), basic(viaBasic.client_id, viaBasic.client_secret!)),
      post(endpoint, form({ ...VALID[endpoint], ...inBody(viaPost) })),
    ]);
    const expected = { token: [400, 'invalid_grant'], introspect: [200, undefined], revoke: [200, undefined] }[
      endpoint
    ];
    for (const answer of answers) expect([answer.status, answer.body.error]).toEqual(expected);
  });
});

test('an unknown grant type is unsupported_grant_type; a missing one is invalid_request', async () => {
  const client = inBody(clients.post);
  for (const grant_type of ['client_credentials', 'password', 'urn:ietf:params:oauth:grant-type:device_code']) {
    await expectRefusal(await post('token', form({ grant_type, ...client })), 400, 'unsupported_grant_type');
  }
  const json = await post('token', JSON.stringify({ grant_type: 'implicit', ...client }), {
    'content-type': 'application/json',
  });
  await expectRefusal(json, 400, 'unsupported_grant_type');
  await expectRefusal(
    await post('token', form({ code: 'bursar_ac_x', ...client })),
    400,
    'invalid_request',
    /^grant_type: /,
  );
  await expectRefusal(
    await post('token', form({ grant_type: '', ...client })),
    400,
    'invalid_request',
    /^grant_type: /,
  );
});

test('introspection is for confidential clients only: a public client is 401 invalid_client', async () => {
  const answer = await post('introspect', form({ token: 'bursar_at_o_unknown', client_id: clients.public.client_id }));
  await expectRefusal(answer, 401, 'invalid_client', /confidential/);
});

test('the consent, an organization’s own call rather than a client’s, keeps Bursar’s validation errors', async () => {
  const consent = await h.request('POST', '/v1/oauth2/consent', {
    token: developer.token,
    rawBody: form({ action: 'allow' }),
    headers: FORM,
  });
  expect([consent.status, consent.body.error]).toEqual([422, 'RequestValidationError']);
});
