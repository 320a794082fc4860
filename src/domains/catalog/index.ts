export { ProductService } from './product.service';
export { productSummary } from './product.output';
export { CustomFieldService } from './custom-field.service';
export { catalogRoutes } from './catalog.routes';
