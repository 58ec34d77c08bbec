import { Foundation1763800000000 } from './1763800000000-foundation';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Foundation1763800000000];
