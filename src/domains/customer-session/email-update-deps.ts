// What the e-mail update's steps need: the database, the clock, the code settings, customers, sessions and e-mail.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock';
import type { EmailQueue } from '../../platform/email';
import type { CustomerService } from '../customer';
import type { OrganizationService } from '../organization';
import type { CustomerSessionService } from './customer-session.service';

export interface EmailUpdateDeps {
  orm: MikroORM;
  clock: Clock;
  serverSecret: string;
  codeTtlSeconds: number;
  customers: CustomerService;
  organizations: OrganizationService;
  sessions: CustomerSessionService;
  email: EmailQueue;
}
