/**
 * The response schemas the server serialises with (server/http/contract-responses.json) are the ones
 * the contract's types give today: a changed response type without `npm run contract:schemas`
 * fails here, not in a person's app (a field the schema lacks would never be sent).
 */
import { readFileSync } from 'node:fs'
import { API } from '../../types/api/paths'
import type { Endpoint } from '../../types/api/paths'
import { RESPONSE_SCHEMAS_FILE, generateResponseSchemas, responseSchemasText } from '../../scripts/lib/response-schemas'

describe('the response schemas', () => {
  const generated = generateResponseSchemas()

  it('are those the contract types give (run `npm run contract:schemas` after changing one)', () => {
    expect(readFileSync(RESPONSE_SCHEMAS_FILE, 'utf8')).toBe(responseSchemasText(generated))
  })

  it('cover every JSON endpoint, each with a shape', () => {
    const json = (Object.entries(API) as [string, Endpoint][]).filter(([, contract]) => contract.file !== true).map(([name]) => name)
    expect(Object.keys(generated)).toEqual(json)
    expect(json.filter((name) => Object.keys(generated[name] ?? {}).length === 0)).toEqual([])
  })

  it('read the types field for field', () => {
    expect(generated.cancelOrder).toEqual({
      type: 'object',
      properties: { orderId: { type: 'string' }, cancelState: { type: 'number', description: 'CANCEL_STATE: 1 cancelling, 2 success, 3 failed.' } },
      required: ['orderId', 'cancelState'],
      additionalProperties: false,
    })
    expect(generated.currentProcessByUid).toMatchObject({ anyOf: [{ type: 'object' }, { type: 'null' }] })
    expect(generated.logout).toEqual({ type: 'null' })
  })
})
