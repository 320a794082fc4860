export { ProductService } from './product.service';
export { productSummary } from './product-summary.output';
export { productOrOrganizationNamed } from './catalog.logic';
export { productBenefitIds } from './product.reads';
export { catalogRoutes } from './catalog.routes';
export { CustomFieldService } from './custom-field/custom-field.service';
export { customFieldRoutes } from './custom-field/custom-field.routes';
export { catalogModule } from './catalog.module';
