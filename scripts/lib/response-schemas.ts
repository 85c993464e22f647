/**
 * The JSON Schema of every JSON endpoint's response (the envelope's `data` on success), generated
 * from the contract's TypeScript types by ts-json-schema-generator. The server serialises each
 * route's answer with it (server/http/response-schemas.ts); the file it is kept in is written by
 * `npm run contract:schemas` and checked against the types by __tests__/build/response-schemas.test.ts.
 *
 * The response type is read where paths.ts writes it: the last type argument of each endpoint's
 * `get`/`post`/`upload` call (a `file` endpoint answers bytes, not JSON). A generated module beside
 * paths.ts, with paths.ts's own imports, names them all in one interface for the generator, which
 * cannot evaluate every call through `typeof API` (a union request type leaves `never`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createGenerator } from 'ts-json-schema-generator'
import ts from 'typescript'

const ROOT = path.resolve(__dirname, '../..')
const PATHS_FILE = path.join(ROOT, 'types/api/paths.ts')
export const RESPONSE_SCHEMAS_FILE = path.join(ROOT, 'server/http/contract-responses.json')
const RESPONSES_TYPE = 'ApiResponses'
/** The contract's endpoint builders whose last type argument is the response. */
const JSON_BUILDERS = new Set(['get', 'post', 'upload'])

type JsonSchema = Record<string, unknown>

/** paths.ts's imports and, by endpoint name in the order of `API`, each JSON endpoint's response type as written. */
function contractResponses(): { imports: string; responses: [string, string][] } {
  const source = ts.createSourceFile(PATHS_FILE, readFileSync(PATHS_FILE, 'utf8'), ts.ScriptTarget.Latest, true)
  const imports = source.statements.filter(ts.isImportDeclaration).map((statement) => statement.getText(source))
  const responses: [string, string][] = []
  let api = source.statements
    .filter(ts.isVariableStatement)
    .flatMap((statement) => [...statement.declarationList.declarations])
    .find((declaration) => declaration.name.getText(source) === 'API')?.initializer
  // `{ … } as const satisfies …`
  while (api && (ts.isSatisfiesExpression(api) || ts.isAsExpression(api))) api = api.expression
  if (!api || !ts.isObjectLiteralExpression(api)) throw new Error('paths.ts: no API object')
  for (const property of api.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isCallExpression(property.initializer)) throw new Error(`paths.ts: ${property.getText(source)} is not an endpoint call`)
    const call = property.initializer
    const builder = call.expression.getText(source)
    const response = call.typeArguments?.at(-1)
    if (!JSON_BUILDERS.has(builder)) continue
    if (!response) throw new Error(`paths.ts: ${property.name.getText(source)} names no response type`)
    responses.push([property.name.getText(source), response.getText(source)])
  }
  return { imports: imports.join('\n'), responses }
}

/** By endpoint name, each JSON endpoint's response schema. */
export function generateResponseSchemas(): Record<string, JsonSchema> {
  const { imports, responses } = contractResponses()
  // Beside paths.ts, so its relative imports resolve; a directory of its own, removed after.
  const folder = mkdtempSync(path.join(path.dirname(PATHS_FILE), '.responses-'))
  const file = path.join(folder, 'responses.ts')
  try {
    const fields = responses.map(([name, type]) => `  ${name}: ${type}`).join('\n')
    writeFileSync(file, `${imports.replaceAll("from './", "from '../")}\n\nexport interface ${RESPONSES_TYPE} {\n${fields}\n}\n`)
    const generator = createGenerator({
      path: file,
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      type: RESPONSES_TYPE,
      // `npm test`'s typecheck checks the types; the generator only reads them.
      skipTypeCheck: true,
      expose: 'none',
      topRef: false,
    })
    const schema = generator.createSchema(RESPONSES_TYPE) as { properties?: Record<string, JsonSchema> }
    return Object.fromEntries(responses.map(([name]) => [name, schema.properties?.[name] ?? {}]))
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The file's text: stable, one endpoint per key, ending with a newline. */
export function responseSchemasText(schemas: Record<string, JsonSchema>): string {
  return `${JSON.stringify(schemas, null, 2)}\n`
}
