export { CustomerStateService, type CustomerStateDeps } from './customer-state.service';
export { customerStateRoutes } from './customer-state.routes';
export { customerStateModule } from './customer-state.module';
