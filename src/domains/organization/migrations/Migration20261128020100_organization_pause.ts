import { Migration } from '@mikro-orm/migrations';

/** Whether customers may pause (and resume) their subscriptions in the portal, and whether a pause keeps benefits. */
export class Migration20261128020100_organization_pause extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table organization
      add column customer_portal_pause boolean not null default false,
      add column keep_benefits_while_paused boolean not null default false;`);
  }
}
