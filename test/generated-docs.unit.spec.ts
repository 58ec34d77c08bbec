import { readFileSync } from 'node:fs';
import { generatedDocs } from '../scripts/project-docs';

describe('generated documents', () => {
  it('are current (else run npm run docs:generate and commit them)', async () => {
    for (const [path, text] of await generatedDocs()) {
      expect({ path, text: readFileSync(path, 'utf8') }).toEqual({ path, text });
    }
  });
});
