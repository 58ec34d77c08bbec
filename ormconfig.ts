import { DataSource } from 'typeorm';
import { dataSourceOptions } from './libs/database/src/data-source-options';

/** The DataSource the TypeORM CLI uses (DATABASE_URL). */
export default new DataSource(
  dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/assist'),
);
