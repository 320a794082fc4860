// The provider's scope rules: what an app can be granted, and what one consent may grant.
import { grantableScopes, OAUTH2_SCOPES, parseRequestedScopes, parseScopes, withinClientScopes } from '../../src/domains/oauth2/oauth2.logic';

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
  [['products:read', 'orders:read'], ['products:read', 'orders:read'], ['products:read'], ['products:read'], ['orders:read']],
])('grantableScopes(%j, client %j, token %j)', (requested, client, token, granted, refused) => {
  expect(grantableScopes(requested, client, new Set(token))).toEqual({ granted, refused });
});
