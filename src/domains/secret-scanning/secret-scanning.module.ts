// The secret-scanning module: leak reports revoke our credentials and tell their owner; no tables.
import { contribute, provide, routes, type Module } from '../../platform/module';
import { SecretScanningService } from './secret-scanning.service';
import { leakedTokenEmail } from './leaked-token.email';
import { secretScanningRoutes } from './secret-scanning.routes';

export const secretScanningModule: Module = {
  name: 'secret-scanning',
  provides: [
    provide(
      'leakReports',
      ['config', 'accessTokens', 'customerSessions', 'oauth2', 'organizations', 'email'],
      ({ config, ...s }) => new SecretScanningService({ ...s, publicKeys: config.SECRET_SCANNING_PUBLIC_KEYS }),
    ),
  ],
  contributes: [contribute('emailTemplates', [], () => leakedTokenEmail)],
  routes: routes(['leakReports'], ({ leakReports }) => secretScanningRoutes({ reports: leakReports })),
};

declare module '../../platform/module' {
  interface Services {
    leakReports: SecretScanningService;
  }
}
