export { DiscountService } from './discount.service';
export { discountOutput } from './discount.output';
export { discountRule, discountAmount, discountRefusal, discountApplies, type DiscountRule } from './discount.logic';
export type { Discount } from './discount.entity';
export { discountRoutes } from './discount.routes';
export { discountModule } from './discount.module';
