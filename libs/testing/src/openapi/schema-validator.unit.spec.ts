import type { ApiDocument, Schema } from './openapi-document';
import { SchemaValidator } from './schema-validator';

const HOURS: Schema = { $ref: '#/components/schemas/Hours' };
const NULL: Schema = { type: 'object', nullable: true, enum: [null] };

const document: ApiDocument = {
  paths: {},
  components: {
    schemas: {
      Hours: { type: 'object', properties: { open: { type: 'boolean' } }, required: ['open'] },
    },
  },
};

/** OpenAPI 3.0.3: `nullable` adds null to the `type` beside it, and nothing else. */
describe('SchemaValidator and null', () => {
  const validator = new SchemaValidator(document);
  const acceptsNull = (schema: Schema) => validator.isValid(schema, null);

  it('accepts null where the schema allows it', () => {
    expect(acceptsNull({ type: 'string', nullable: true })).toBe(true);
    expect(acceptsNull({ type: 'string', nullable: true, enum: ['MET', null] })).toBe(true);
    expect(acceptsNull({ anyOf: [HOURS, NULL] })).toBe(true);
  });

  it('refuses null where it does not: no nullable, an enum without null, a reference', () => {
    expect(acceptsNull({ type: 'string' })).toBe(false);
    expect(acceptsNull({ type: 'string', nullable: true, enum: ['MET'] })).toBe(false);
    expect(acceptsNull({ type: 'object', nullable: true, allOf: [HOURS] })).toBe(false);
    expect(acceptsNull(HOURS)).toBe(false);
  });

  it('still checks the value when it is not null', () => {
    expect(validator.isValid({ anyOf: [HOURS, NULL] }, { open: true })).toBe(true);
    expect(validator.isValid({ anyOf: [HOURS, NULL] }, { open: 'yes' })).toBe(false);
    expect(validator.isValid({ anyOf: [HOURS, NULL] }, {})).toBe(false);
  });
});
