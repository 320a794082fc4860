export { DiscountService } from './discount.service';
export { discountRule, discountAmount, type DiscountRule } from './discount.logic';
export { discountRefusal } from './discount-refusal.logic';
export { discountApplies } from './discount-duration.logic';
export type { Discount } from './discount.entity';
export { discountModule } from './discount.module';
