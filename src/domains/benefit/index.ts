export { BenefitService } from './benefit.service';
export { BenefitQueries } from './benefit.queries';
export { benefitOutput } from './benefit.output';
export { benefitRoutes } from './benefit.routes';
