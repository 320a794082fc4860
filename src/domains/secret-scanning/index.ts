export { leakedTokenEmail } from './leaked-token.email';
export { secretScanningModule } from './secret-scanning.module';
