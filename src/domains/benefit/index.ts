export { BenefitService, benefitOutput } from './benefit.service';
export { benefitRoutes } from './benefit.routes';
