/** `npm run contract:schemas`: writes the response schemas generated from the contract's types (scripts/lib/response-schemas.ts). */
import { writeFileSync } from 'node:fs'
import { RESPONSE_SCHEMAS_FILE, generateResponseSchemas, responseSchemasText } from './lib/response-schemas'

writeFileSync(RESPONSE_SCHEMAS_FILE, responseSchemasText(generateResponseSchemas()))
