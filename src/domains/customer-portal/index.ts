export { customerPortalRoutes, type CustomerPortalDeps } from './customer-portal.routes';
export { customerPortalModule } from './customer-portal.module';
