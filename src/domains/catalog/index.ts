export { ProductService } from './product.service';
export { productOrOrganizationNamed } from './catalog.logic';
export { productBenefitIds } from './product.reads';
export { productSummary } from './product-summary.output';
export { catalogModule } from './catalog.module';
export { productUserOf, type ProductUser } from './product-users';
