export { FileService } from './file.service';
export { FileQueries } from './file.queries';
export { fileFields } from './file.output';
export { fileModule } from './file.module';
