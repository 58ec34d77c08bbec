import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * docs/DEVELOPING.md: every repository method takes the organization id as its first argument.
 * Checked on the source (a parse, no type check: the build checks that the name is the brand): every
 * public method of every exported class in
 * `libs/database/src/**\/*.repository.ts` has a first parameter declared `OrganizationId`, or a doc
 * comment saying it crosses organizations (it queries through SystemDatabase).
 */
const CROSSES_ORGANIZATIONS = 'Crosses organizations';

const root = process.cwd();
const databaseSource = join(root, 'libs/database/src');

function repositoryFiles(): string[] {
  return readdirSync(databaseSource, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.repository.ts'))
    .map((file) => join(databaseSource, file))
    .sort();
}

function isPublic(member: ts.ClassElement): boolean {
  if (member.name && ts.isPrivateIdentifier(member.name)) return false;
  const flags = ts.getCombinedModifierFlags(member as ts.Declaration);
  return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) === 0;
}

function isExported(node: ts.ClassDeclaration): boolean {
  return (ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export) !== 0;
}

function docCommentOf(node: ts.Node, source: ts.SourceFile): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  return ranges.map((range) => source.text.slice(range.pos, range.end)).join('\n');
}

/** Whether the file imports `OrganizationId` from tenancy/organization-id.ts under that name. */
function importsOrganizationId(source: ts.SourceFile): boolean {
  return source.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      /(^|\/)tenancy\/organization-id$|^\.\/organization-id$/.test(
        statement.moduleSpecifier.text,
      ) &&
      statement.importClause?.namedBindings !== undefined &&
      ts.isNamedImports(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.elements.some(
        (element) => element.name.text === 'OrganizationId' && !element.propertyName,
      ),
  );
}

function isOrganizationId(parameter: ts.ParameterDeclaration): boolean {
  const type = parameter.type;
  return (
    type !== undefined &&
    ts.isTypeReferenceNode(type) &&
    ts.isIdentifier(type.typeName) &&
    type.typeName.text === 'OrganizationId'
  );
}

interface Checked {
  methods: string[];
  offenders: string[];
}

function checkRepositories(): Checked {
  const checked: Checked = { methods: [], offenders: [] };
  for (const file of repositoryFiles()) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.ES2023,
      true,
    );
    const brandImported = importsOrganizationId(source);
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name || !isExported(statement)) continue;
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || !isPublic(member)) continue;
        const name = `${statement.name.text}.${member.name.getText(source)}`;
        checked.methods.push(name);
        const [first] = member.parameters;
        const scoped = first !== undefined && brandImported && isOrganizationId(first);
        if (!scoped && !docCommentOf(member, source).includes(CROSSES_ORGANIZATIONS)) {
          checked.offenders.push(name);
        }
      }
    }
  }
  return checked;
}

describe('repository signatures', () => {
  it('take the organization first, or say they cross organizations', () => {
    const { methods, offenders } = checkRepositories();
    expect(methods.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
