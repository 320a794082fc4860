export { customerStateModule } from './customer-state.module';
