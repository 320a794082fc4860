export { OAuth2Service } from './oauth2.service';
export type { LeakedAppToken } from './oauth2-grants';
export { OAuth2ClientService } from './oauth2-client.service';
export { oauth2Routes } from './oauth2.routes';
export { OAUTH2_ACCESS_TOKEN_PREFIX, OAUTH2_PREFIXES } from './oauth2.logic';
export { OAUTH2_SCOPES } from './grantable-scopes.logic';
export { oauthRefusal, type OAuthRefusal } from './oauth2-refusal';
export { oauth2Module } from './oauth2.module';
