// Products and their prices. Prices are immutable: a change archives the old price and adds a new one, so whoever
// bought the old price keeps it. Every change writes product.created / product.updated to the outbox. The changes live
// in create-product.ts, update-product.ts and product-benefits.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput, ProductSummary } from '../../contracts/product';
import type { ProductCreate } from '../../contracts/product-create';
import type { ProductListQuery } from '../../contracts/product-list-query';
import type { ProductUpdate } from '../../contracts/product-update';
import type { ProductPrice as PriceOutput } from '../../contracts/price';
import type { Tx } from '../../platform/database/transaction';
import { Product } from './catalog.entity';
import { createProduct } from './create-product';
import { detachBenefitFromProducts, setProductBenefits } from './product-benefits';
import type { ProductDeps } from './product-deps';
import { listProducts } from './product-list';
import { priceOutputs } from './product-prices';
import { productOutputs } from './product.output';
import { productSummary } from './product-summary.output';
import { products } from './product.reads';
import { updateProduct } from './update-product';
import { deleteProduct } from './delete-product';
import { productsInUse } from './product-users';

export class ProductService {
  constructor(private readonly deps: ProductDeps) {}

  create(tx: Tx, organizationId: string, input: ProductCreate): Promise<Product> {
    return createProduct(this.deps, tx, organizationId, input);
  }

  update(tx: Tx, organizationId: string, id: string, input: ProductUpdate): Promise<Product> {
    return updateProduct(this.deps, tx, organizationId, id, input);
  }

  /** Replaces the benefits the product grants, in the given order. */
  setBenefits(tx: Tx, organizationId: string, id: string, benefitIds: string[]): Promise<Product> {
    return setProductBenefits(this.deps, tx, organizationId, id, benefitIds);
  }

  /** Deletes a product no record holds (product.updated first); 409 ProductNotDeletable otherwise. */
  delete(tx: Tx, organizationId: string, id: string): Promise<void> {
    return deleteProduct(this.deps, tx, organizationId, id);
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<Product> {
    return products.get(em, organizationId, id);
  }

  list(em: EntityManager, organizationId: string, query: ProductListQuery) {
    return listProducts(em, organizationId, query);
  }

  /** Products embedded by the records that hold them (`is_deletable` false: they hold them). */
  outputs(em: EntityManager, rows: Product[]): Promise<ProductOutput[]> {
    return productOutputs(em, this.deps, rows);
  }

  /** Products as the products API shows them: `is_deletable` read from the records that may hold them. */
  async apiOutputs(em: EntityManager, rows: Product[]): Promise<ProductOutput[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    return productOutputs(em, this.deps, rows, await productsInUse(this.deps.users, em, rows[0].organizationId, ids));
  }

  findByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<Product[]> {
    return products.findByIds(em, organizationId, ids);
  }

  /** The products among `ids` as the API shows them, in the order of `ids` (missing ones left out). */
  async outputsByIds(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<ProductOutput[]> {
    const found = await this.outputs(em, await this.findByIds(em, organizationId, ids));
    return ids.flatMap((id) => found.find((product) => product.id === id) ?? []);
  }

  /** The products among `ids` without prices and attachments (what orders and discounts embed). */
  async summaries(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<ProductSummary[]> {
    return (await this.findByIds(em, organizationId, ids)).map(productSummary);
  }

  /** Prices as the API shows them, archived or not (orders keep pointing at the price they were bought with). */
  priceOutputs(em: EntityManager, organizationId: string, priceIds: readonly string[]): Promise<PriceOutput[]> {
    return priceOutputs(this.deps, em, organizationId, priceIds);
  }

  /** Stops every product of the organization from granting a deleted benefit. */
  detachBenefit(em: EntityManager, organizationId: string, benefitId: string): Promise<void> {
    return detachBenefitFromProducts(em, organizationId, benefitId);
  }

  /** Whether a product still shows the file as media (a file in use cannot be deleted). */
  async isFileUsed(em: EntityManager, organizationId: string, fileId: string): Promise<boolean> {
    return (await em.count(Product, { organizationId, mediaIds: { $contains: [fileId] } })) > 0;
  }
}
