// HTTP surface of the catalog's products (with their prices and benefits).
import type { RouteDefinition } from '../../platform/http/route';
import type { ProductService } from './product.service';
import { productRoutes } from './product.routes';
import { productsRoutes } from './products.routes';

export function catalogRoutes({ products }: { products: ProductService }): RouteDefinition[] {
  return [...productsRoutes(products), ...productRoutes(products)];
}
