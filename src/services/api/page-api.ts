/**
 * The calls pages and components make themselves, besides the stores' (src/app/create-api.ts
 * builds them with the rest): the catalogue's reference data, and the follow-up phone a person
 * leaves on the way out of the form.
 */
import type { createAuthApi } from './auth-api'
import type { CatalogueApi } from './catalogue-api'

export interface PageApi {
  readonly catalogue: CatalogueApi
  readonly auth: Pick<ReturnType<typeof createAuthApi>, 'saveFollowUpPhone'>
}
