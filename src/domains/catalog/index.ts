export { ProductService } from './product.service';
export { productOrOrganizationNamed } from './catalog.logic';
export { productBenefitIds } from './product.reads';
export { catalogModule } from './catalog.module';
