export { freePort } from '../../database/src/embedded/free-port';
