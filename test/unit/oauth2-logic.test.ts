// The provider's scope rules: what an app can be granted, and what one consent may grant.
import { grantableScopes, withinClientScopes } from '../../src/domains/oauth2/grant-scopes.logic';
import { OAUTH2_SCOPES, parseRequestedScopes, parseScopes } from '../../src/domains/oauth2/grantable-scopes.logic';
import { redirectUriFault } from '../../src/domains/oauth2/redirect-uri.logic';

test('no app can be granted token management', () => {
  expect(OAUTH2_SCOPES).toContain('products:read');
  expect(OAUTH2_SCOPES.filter((scope) => scope.startsWith('organization_access_tokens:'))).toEqual([]);
});

test.each([
  ['products:read orders:read', ['products:read', 'orders:read'], []],
  ['  products:read   products:read ', ['products:read'], []],
  ['products:read products:fly', ['products:read'], ['products:fly']],
  ['organization_access_tokens:write', [], ['organization_access_tokens:write']],
  ['openid profile', [], ['openid', 'profile']],
  ['', [], []],
])('parseScopes(%j)', (value, scopes, unknown) => {
  expect(parseScopes(value)).toEqual({ scopes, unknown });
});

test.each([
  ['openid products:read', ['products:read'], true, []],
  ['products:read', ['products:read'], false, []],
  ['openid profile', [], true, ['profile']],
])('parseRequestedScopes(%j): openid apart from the API scopes', (value, scopes, openid, unknown) => {
  expect(parseRequestedScopes(value)).toEqual({ scopes, openid, unknown });
});

test.each([
  ['openid', [], true], // any client may have openid, registered or not
  ['products:read', ['products:read'], true],
  ['orders:read', ['products:read'], false],
])('withinClientScopes(%j, client %j) is %s', (scope, client, expected) => {
  expect(withinClientScopes(scope, client)).toBe(expected);
});

test.each([
  // requested, the client's, the consenting token's → granted, refused
  [['products:read'], ['products:read', 'orders:read'], ['products:read'], ['products:read'], []],
  [['orders:read'], ['products:read'], ['orders:read'], [], ['orders:read']], // not the client's to ask
  [['orders:write'], ['orders:write'], ['orders:read'], [], ['orders:write']], // not the token's to give
  [
    ['products:read', 'orders:read'],
    ['products:read', 'orders:read'],
    ['products:read'],
    ['products:read'],
    ['orders:read'],
  ],
])('grantableScopes(%j, client %j, token %j)', (requested, client, token, granted, refused) => {
  expect(grantableScopes(requested, client, new Set(token))).toEqual({ granted, refused });
});

test.each([
  ['https://app.example.com/callback', null],
  ['https://app.example.com:8443/cb?tenant=1', null],
  ['http://127.0.0.1:8765/cb', null],
  ['http://[::1]:8765/cb', null],
  ['http://localhost:3000/cb', null],
  ['https://app.example.com/cb#x', /fragment/],
  ['https://app.example.com/cb#', /fragment/],
  ['https://user:pass@app.example.com/cb', /user information/],
  ['https://@app.example.com/cb', /user information/],
  ['http://app.example.com/cb', /https/],
  ['http://localhost.example.com/cb', /https/],
  ['http://127.0.0.1.example.com/cb', /https/],
  ['https://*.example.com/cb', /wildcard/],
  ['https://*/cb', /wildcard/],
  ['not a uri', /absolute/],
])('redirectUriFault(%j)', (uri, fault) => {
  const found = redirectUriFault(uri);
  if (fault === null) expect(found).toBeNull();
  else expect(found).toMatch(fault);
});
