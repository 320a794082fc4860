// What the server tells a page before its script runs, as inert JSON in the page (never inline code). Shared by the
// server, which writes it, and the pages, which read it (`read-boot.ts`); so no DOM here.
export const BOOT_ELEMENT_ID = 'bursar-boot';

interface BootBase {
  locale: string;
  environment: 'production' | 'sandbox';
}

/** The checkout page and its confirmation page. */
export interface CheckoutBoot extends BootBase {
  page: 'checkout' | 'confirmation';
  clientSecret: string;
  /** Production card fields: Stripe Elements with this publishable key; null in the sandbox (test cards). */
  stripePublishableKey: string | null;
  /** Where the seller of record is established: a business buyer elsewhere in the EU (and GB, NO, CH) is reverse charged. */
  sellerCountry: string;
}

export interface PortalBoot extends BootBase {
  page: 'portal';
  organization: { id: string; name: string; slug: string };
}

/** The pay page of a pay link: the link's token is its only credential (one order to see and pay). */
export interface PayBoot extends BootBase {
  page: 'pay';
  token: string;
  stripePublishableKey: string | null;
}

/** The metrics dashboard of a signed link: the token is its only credential (one organization's figures to read). */
export interface DashboardBoot extends BootBase {
  page: 'dashboard';
  token: string;
  organization: { name: string; slug: string };
}

export type PageBoot = CheckoutBoot | PortalBoot | PayBoot | DashboardBoot;
