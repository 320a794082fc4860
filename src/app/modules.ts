// The modules Bursar is made of. Adding a domain adds its module here: the database takes their tables from this list,
// src/app/compose.ts builds their services in the order their needs resolve to, and the API mounts their routes in
// this order.
import type { Module } from '../platform/module';
import { platformModule } from '../platform/platform.module';
import { organizationModule } from '../domains/organization';
import { oauth2Module } from '../domains/oauth2';
import { meterModule } from '../domains/meter';
import { catalogModule } from '../domains/catalog';
import { discountModule } from '../domains/discount';
import { benefitModule } from '../domains/benefit';
import { fileModule } from '../domains/file';
import { webhookModule } from '../domains/webhook';
import { customerModule } from '../domains/customer';
import { customerStateModule } from '../domains/customer-state';
import { checkoutModule } from '../domains/checkout';
import { orderModule } from '../domains/order';
import { subscriptionModule } from '../domains/subscription';
import { testClockModule } from '../domains/test-clock';
import { customerSessionModule } from '../domains/customer-session';
import { secretScanningModule } from '../domains/secret-scanning';
import { customerPortalModule } from '../domains/customer-portal';
import { taxModule } from '../domains/tax';
import { paymentModule } from '../domains/payment';
import { disputeModule } from '../domains/dispute';
import { seatModule } from '../domains/seat';
import { metricModule } from '../domains/metric';
import { timelineModule } from '../domains/timeline';
import { reconciliationModule } from '../domains/reconciliation';
import { simulationModule } from '../domains/simulation';

export const MODULES: readonly Module[] = [
  platformModule,
  organizationModule,
  oauth2Module,
  meterModule,
  catalogModule,
  discountModule,
  benefitModule,
  fileModule,
  webhookModule,
  customerModule,
  customerStateModule,
  checkoutModule,
  orderModule,
  subscriptionModule,
  testClockModule,
  customerSessionModule,
  secretScanningModule,
  customerPortalModule,
  taxModule,
  paymentModule,
  disputeModule,
  seatModule,
  metricModule,
  timelineModule,
  reconciliationModule,
  simulationModule,
];
