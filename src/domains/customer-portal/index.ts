export { customerPortalModule } from './customer-portal.module';
