export { timelineModule } from './timeline.module';
