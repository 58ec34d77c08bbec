/** `npm run docs:generate`: writes the documents generated from the code (scripts/project-docs.ts). */
import { writeFileSync } from 'node:fs';
import { generatedDocs } from './project-docs';

void generatedDocs().then((documents) => {
  for (const [path, text] of documents) {
    writeFileSync(path, text);
    process.stdout.write(`wrote ${path}\n`);
  }
});
