import { Migration } from '@mikro-orm/migrations';

/**
 * The CSV export reads an organization's rows in pages after the last (created_at, id): with the id in the index
 * each page is one index range read, instead of a scan and sort of every row from the cursor on.
 */
export class Migration20261201400000_subscription_export_index extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index subscription_organization_created_idx;');
    this.addSql(
      'create index subscription_organization_created_idx on subscription (organization_id, created_at, id);',
    );
  }
}
