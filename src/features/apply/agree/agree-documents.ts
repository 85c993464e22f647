/** The product's own agreements of the consent step (the issuers' come with their packages). */

/** The documents to accept, in the order shown; each opens its own page. */
export const DOCUMENTS = [
  { key: 'etc', route: 'agreementEtc', testId: 'agree-etc' },
  { key: 'privacy', route: 'agreementPrivacy', testId: 'agree-privacy' },
] as const

export type DocumentKey = (typeof DOCUMENTS)[number]['key']

/** Whether each of the product's agreements is ticked. */
export type Consents = Record<DocumentKey, boolean>
