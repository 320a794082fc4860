export { DiscountService, discountOutput, discountRule } from './discount.service';
export { Discount } from './discount.entity';
export { discountRoutes } from './discount.routes';
