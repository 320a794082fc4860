export { SecretScanningService, type SecretScanningServiceDeps } from './secret-scanning.service';
export { secretScanningRoutes } from './secret-scanning.routes';
export { leakedTokenEmail } from './leaked-token.email';
export { KEY_IDENTIFIER_HEADER, SIGNATURE_HEADER, type ReportSigningKey } from './report-signing.logic';
export { secretScanningModule } from './secret-scanning.module';
