// Every route of the customer portal API, from the services of the domains it reads and changes.
import type { RouteDefinition } from '../../platform/http/route';
import type { DownloadableService, LicenseKeyService } from '../benefit';
import type { CustomerMeterQueries } from '../meter';
import type { SubscriptionQueries } from '../subscription';
import { portalBenefitGrantListRoutes, type PortalBenefitRouteDeps } from './portal-benefit-grant-list.routes';
import { portalBenefitGrantRoutes } from './portal-benefit-grant.routes';
import { portalCustomerRoutes } from './portal-customer.routes';
import { portalDownloadableRoutes } from './portal-downloadables.routes';
import { portalLicenseKeyDetailRoutes } from './portal-license-key.routes';
import { portalLicenseKeyRoutes } from './portal-license-keys.routes';
import { portalMeterRoutes } from './portal-meters.routes';
import { portalOrderInvoiceRoutes, type PortalOrderDocumentRouteDeps } from './portal-order-invoice.routes';
import { portalOrderListRoutes } from './portal-order-list.routes';
import { portalOrderPaymentRoutes } from './portal-order-payment.routes';
import { portalOrderConfirmPaymentRoutes } from './portal-order-confirm-payment.routes';
import type { PayNowDeps } from './pay-order-now';
import { portalOrderReceiptRoutes } from './portal-order-receipt.routes';
import { portalOrderRoutes, type PortalOrderRouteDeps } from './portal-order.routes';
import { portalOrganizationRoutes } from './portal-organization.routes';
import { portalPaymentMethodRoutes, type PortalPaymentMethodDeps } from './portal-payment-method.routes';
import { portalSubscriptionCancelRoutes } from './portal-subscription-cancel.routes';
import { portalSubscriptionListRoutes } from './portal-subscription-list.routes';
import { portalSubscriptionPreviewRoutes } from './portal-subscription-preview.routes';
import { portalSubscriptionUpdateRoutes, type PortalSubscriptionRouteDeps } from './portal-subscription-update.routes';
import { portalSubscriptionRoutes } from './portal-subscription.routes';
import { portalWalletRoutes } from './portal-wallets.routes';
import { portalSeatSubscriptionRoutes } from './portal-seat-subscriptions.routes';
import type { SeatService } from '../seat';

export type CustomerPortalDeps = PortalOrderRouteDeps &
  PortalOrderDocumentRouteDeps &
  PortalSubscriptionRouteDeps &
  PortalBenefitRouteDeps &
  PayNowDeps &
  PortalPaymentMethodDeps & {
    downloads: DownloadableService;
    licenseKeys: LicenseKeyService;
    meters: CustomerMeterQueries;
    wallets: SubscriptionQueries;
    seats: SeatService;
  };

export function customerPortalRoutes(deps: CustomerPortalDeps): RouteDefinition[] {
  return [
    ...portalCustomerRoutes(deps),
    ...portalOrderListRoutes(deps),
    ...portalOrderRoutes(deps),
    ...portalOrderInvoiceRoutes(deps),
    ...portalOrderReceiptRoutes(deps),
    ...portalOrderPaymentRoutes(deps),
    ...portalOrderConfirmPaymentRoutes(deps),
    ...portalSubscriptionListRoutes(deps),
    ...portalSubscriptionRoutes(deps),
    ...portalSubscriptionUpdateRoutes(deps),
    ...portalSubscriptionPreviewRoutes(deps),
    ...portalSubscriptionCancelRoutes(deps),
    ...portalBenefitGrantListRoutes(deps),
    ...portalBenefitGrantRoutes(deps),
    ...portalDownloadableRoutes(deps),
    ...portalLicenseKeyRoutes(deps),
    ...portalLicenseKeyDetailRoutes(deps),
    ...portalMeterRoutes(deps),
    ...portalSeatSubscriptionRoutes(deps),
    ...portalOrganizationRoutes(deps),
    ...portalWalletRoutes(deps),
    ...portalPaymentMethodRoutes(deps),
  ];
}
