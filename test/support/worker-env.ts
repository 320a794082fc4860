// Each Jest worker's files use the worker's own databases: the harness, and every process a test spawns, read DATABASE_URL.
import { TEST_DATABASE_URL } from './test-env';

process.env.DATABASE_URL = TEST_DATABASE_URL;
