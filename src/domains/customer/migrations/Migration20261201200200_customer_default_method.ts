import { Migration } from '@mikro-orm/migrations';

/** The customer shows its default saved method (`default_payment_method_id`), kept with the method's own flag. */
export class Migration20261201200200_customer_default_method extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table customer add column default_payment_method_id uuid;
      update customer c set default_payment_method_id = m.id
      from customer_payment_method m where m.customer_id = c.id and m.is_default and m.deleted_at is null;
    `);
  }
}
