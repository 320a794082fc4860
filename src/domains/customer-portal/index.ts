export { portalOrderRoutes } from './portal-orders.routes';
export { portalSubscriptionRoutes } from './portal-subscriptions.routes';
export { portalCustomerRoutes } from './portal-customer.routes';
export { portalBenefitRoutes } from './portal-benefits.routes';
export { portalLicenseKeyRoutes } from './portal-license-keys.routes';
export { portalMeterRoutes } from './portal-meters.routes';
