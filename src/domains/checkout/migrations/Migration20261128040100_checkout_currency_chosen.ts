import { Migration } from '@mikro-orm/migrations';

/** Whether a session's currency was named (sessions opened before all keep theirs) or follows the buyer's country. */
export class Migration20261128040100_checkout_currency_chosen extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table checkout add column currency_chosen boolean not null default true;');
  }
}
