/**
 * Writes the OpenAPI document the API serves at /docs/openapi.json to the file named by the first
 * argument, without a database. Used by `npm run lint:openapi`.
 */
import { writeFileSync } from 'node:fs';
import { servedOpenApiDocument } from './served-openapi-document';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node dist/scripts/openapi-document.js FILE');
  process.exit(2);
}
servedOpenApiDocument().then(
  (document) => {
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
