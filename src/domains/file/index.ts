export { FileService, type FileUser } from './file.service';
export { FileQueries } from './file.queries';
export { fileRoutes } from './file.routes';
export { fileFields } from './file.output';
export { fileModule } from './file.module';
