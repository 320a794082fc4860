export { customerPortalRoutes, type CustomerPortalDeps } from './customer-portal.routes';
