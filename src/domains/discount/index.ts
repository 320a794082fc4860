export { DiscountService } from './discount.service';
export { discountRoutes } from './discount.routes';
