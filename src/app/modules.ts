// The modules Bursar is made of. Adding a domain adds its module here; the database takes their tables from this list.
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
import { checkoutModule } from '../domains/checkout';
import { testClockModule } from '../domains/test-clock';
import { subscriptionModule } from '../domains/subscription';
import { orderModule } from '../domains/order';
import { customerSessionModule } from '../domains/customer-session';

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
  checkoutModule,
  testClockModule,
  subscriptionModule,
  orderModule,
  customerSessionModule,
];
