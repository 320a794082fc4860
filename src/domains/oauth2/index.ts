export { OAuth2Service } from './oauth2.service';
export { OAUTH2_ACCESS_TOKEN_PREFIX, OAUTH2_PREFIXES } from './oauth2.logic';
export { OAUTH2_SCOPES } from './grantable-scopes.logic';
export { oauthRefusal } from './oauth2-refusal';
export { oauth2Module } from './oauth2.module';
