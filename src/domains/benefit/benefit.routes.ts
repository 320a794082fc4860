// HTTP surface of benefits: /v1/benefits CRUD and a benefit's files (granting comes with checkouts and subscriptions).
import type { RouteDefinition } from '../../platform/http/route';
import type { FileQueries } from '../file';
import type { BenefitService } from './benefit.service';
import { benefitFilesRoutes } from './benefit-files.routes';
import { benefitByIdRoutes } from './benefit-by-id.routes';
import { benefitsRoutes } from './benefits.routes';

export function benefitRoutes({
  benefits,
  fileQueries,
}: {
  benefits: BenefitService;
  fileQueries: FileQueries;
}): RouteDefinition[] {
  return [...benefitsRoutes(benefits), ...benefitByIdRoutes(benefits), ...benefitFilesRoutes(benefits, fileQueries)];
}
