import { Migration } from '@mikro-orm/migrations';

/**
 * Organizations as the API shows and edits them (support e-mail, website, the owner's address for notices, the default
 * proration of subscription changes, whether customers may change subscriptions in the portal), and access tokens
 * managed over the API: when each was last used and last edited.
 */
export class Migration20261128000000_organization_access extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table organization
      add column email text,
      add column website text,
      add column owner_email text,
      add column proration_behavior text not null default 'prorate',
      add column allow_customer_updates boolean not null default true;`);
    this.addSql(
      'alter table organization_access_token add column last_used_at timestamptz, add column modified_at timestamptz;',
    );
    this.addSql(
      'create index organization_access_token_organization_idx on organization_access_token (organization_id, created_at desc, id);',
    );
  }
}
