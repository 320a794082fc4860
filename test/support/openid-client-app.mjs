// An app built on openid-client (ESM only, hence a script the Jest tests run with node): it discovers Bursar's endpoints
// from the issuer, sends the organization to the authorization endpoint with a PKCE S256 challenge (and, when SCOPE
// asks for openid, a nonce), takes the callback URL the consent led to (one line on stdin), exchanges the code, calls a
// protected endpoint with the access token, refreshes, and revokes. openid-client validates every ID token it receives
// (issuer, audience, times, nonce; and, with its non-repudiation checks on, the signature against the jwks_uri's keys).
// Each step prints one JSON line; a failure prints the error as openid-client reports it.
//
// Environment: ISSUER, CLIENT_ID, CLIENT_SECRET (unless public), CLIENT_AUTH (none | client_secret_basic |
// client_secret_post), DISCOVERY (oidc | oauth2), REDIRECT_URI, SCOPE, RESOURCE (a path under the issuer).
import { createInterface } from 'node:readline';
import * as client from 'openid-client';

const env = process.env;
const print = (step, fields) => console.log(JSON.stringify({ step, ...fields }));
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

const authentication = {
  none: () => client.None(),
  client_secret_basic: () => client.ClientSecretBasic(env.CLIENT_SECRET),
  client_secret_post: () => client.ClientSecretPost(env.CLIENT_SECRET),
}[env.CLIENT_AUTH]();

try {
  const config = await client.discovery(new URL(env.ISSUER), env.CLIENT_ID, undefined, authentication, {
    algorithm: env.DISCOVERY,
    execute: [client.allowInsecureRequests], // the test server is http://127.0.0.1
  });
  client.enableNonRepudiationChecks(config);
  const server = config.serverMetadata();
  print('discovered', {
    issuer: server.issuer,
    token_endpoint: server.token_endpoint,
    supports_pkce: server.supportsPKCE(),
  });

  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const openid = env.SCOPE.split(' ').includes('openid');
  const nonce = openid ? client.randomNonce() : undefined;
  const authorizationUrl = client.buildAuthorizationUrl(config, {
    redirect_uri: env.REDIRECT_URI,
    scope: env.SCOPE,
    state,
    ...(nonce && { nonce }),
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  print('authorize', { url: authorizationUrl.href, nonce });

  const callback = (await lines.next()).value;
  const checks = { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: openid };
  const tokens = await client.authorizationCodeGrant(config, new URL(callback), checks);
  print('tokens', {
    token_type: tokens.token_type,
    scope: tokens.scope,
    expires_in: tokens.expiresIn(),
    refreshable: Boolean(tokens.refresh_token),
    id_token_claims: tokens.claims() ?? null,
  });

  const resource = await client.fetchProtectedResource(
    config,
    tokens.access_token,
    new URL(env.RESOURCE, env.ISSUER),
    'GET',
  );
  print('resource', { status: resource.status, body: await resource.json() });

  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token);
  const again = await client.fetchProtectedResource(
    config,
    refreshed.access_token,
    new URL(env.RESOURCE, env.ISSUER),
    'GET',
  );
  print('refreshed', {
    rotated: refreshed.refresh_token !== tokens.refresh_token,
    status: again.status,
    id_token_claims: refreshed.claims() ?? null,
  });

  await client.tokenRevocation(config, refreshed.refresh_token);
  const revoked = await fetch(new URL(env.RESOURCE, env.ISSUER), {
    headers: { authorization: `Bearer ${refreshed.access_token}` },
  });
  print('revoked', { status: revoked.status });
} catch (error) {
  const response = error.response ?? error.cause?.response;
  print('error', {
    name: error.name,
    message: error.message,
    error: error.error,
    error_description: error.error_description,
    status: error.status ?? response?.status,
    www_authenticate: response?.headers.get('www-authenticate') ?? null,
    body: response && !response.bodyUsed ? await response.json().catch(() => null) : null,
  });
  process.exitCode = 1;
} finally {
  process.stdin.destroy();
}
