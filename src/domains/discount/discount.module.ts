// The discount module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { DiscountSchema } from './discount.entity';

export const discountModule: Module = {
  name: 'discount',
  entities: [DiscountSchema],
  migrations: migrations(),
};
