import { Migration } from '@mikro-orm/migrations';

/**
 * The CSV export reads an organization's rows in pages after the last (created_at, id): with the id in the index
 * each page is one index range read, instead of a scan and sort of every row from the cursor on.
 */
export class Migration20261201400100_customer_export_index extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index customer_organization_created_idx;');
    this.addSql('create index customer_organization_created_idx on customer (organization_id, created_at, id);');
  }
}
