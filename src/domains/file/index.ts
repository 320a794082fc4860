export { FileService } from './file.service';
export { fileRoutes } from './file.routes';
export { storageRouter } from './storage.routes';
