// Every route of the customer portal API, from the services of the domains it reads and changes.
import type { RouteDefinition } from '../../platform/http/route';
import type { LicenseKeyService } from '../benefit';
import type { CustomerMeterQueries } from '../meter';
import { portalBenefitRoutes, type PortalBenefitRouteDeps } from './portal-benefits.routes';
import { portalCustomerRoutes } from './portal-customer.routes';
import { portalLicenseKeyRoutes } from './portal-license-keys.routes';
import { portalMeterRoutes } from './portal-meters.routes';
import { portalOrderRoutes, type PortalOrderRouteDeps } from './portal-orders.routes';
import { portalOrganizationRoutes } from './portal-organization.routes';
import { portalSubscriptionRoutes, type PortalSubscriptionRouteDeps } from './portal-subscriptions.routes';

export type CustomerPortalDeps = PortalOrderRouteDeps &
  PortalSubscriptionRouteDeps &
  PortalBenefitRouteDeps & { licenseKeys: LicenseKeyService; meters: CustomerMeterQueries };

export function customerPortalRoutes(deps: CustomerPortalDeps): RouteDefinition[] {
  return [
    ...portalCustomerRoutes(deps),
    ...portalOrderRoutes(deps),
    ...portalSubscriptionRoutes(deps),
    ...portalBenefitRoutes(deps),
    ...portalLicenseKeyRoutes(deps),
    ...portalMeterRoutes(deps),
    ...portalOrganizationRoutes(deps),
  ];
}
