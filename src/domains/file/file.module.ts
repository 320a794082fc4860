// The file module: the tables it owns.
import { migrations, type Module } from '../../platform/module';
import { StoredFileSchema } from './file.entity';

export const fileModule: Module = {
  name: 'file',
  entities: [StoredFileSchema],
  migrations: migrations(),
};
