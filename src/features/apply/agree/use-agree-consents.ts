import { useState } from 'react'
import type { SupplierProtocolResponse } from '../../../../types/api/catalogue'
import { useStores } from '../../../stores/store-context'
import type { Consents, DocumentKey } from './agree-documents'
import { useIssuerAgreements } from './use-issuer-agreements'
import type { IssuerAgreementsState } from './use-issuer-agreements'

/** The consent step's ticks, and whether every agreement shown has one. */
export interface AgreeConsents {
  /** The product's agreements. */
  documents: Consents
  /** The issuers' agreements, as they load. */
  issuer: IssuerAgreementsState
  /** The issuers' agreements once loaded; none before. */
  agreements: readonly SupplierProtocolResponse[]
  /** Every agreement is ticked, the issuers' loaded: 同意并继续 may go on. */
  ready: boolean
  ticked(agreement: SupplierProtocolResponse): boolean
  toggleDocument(key: DocumentKey): void
  toggleIssuer(agreement: SupplierProtocolResponse): void
  toggleAll(): void
}

/** What the person ticks on the consent step: agreements accepted before start ticked, the rest are given on this visit. */
export function useAgreeConsents(): AgreeConsents {
  const { apply, plateStep } = useStores()
  const accepted = Boolean(apply.agreementsAcceptedAt)
  const [documents, setDocuments] = useState<Consents>({ etc: accepted, privacy: accepted })
  // Ticks given on this visit; an agreement accepted before (the same version) starts ticked.
  const [issuerTicks, setIssuerTicks] = useState<Readonly<Record<number, boolean>>>({})
  // Opened ahead of the plate checks (PlateEntryForm), the page shows before their order exists.
  const issuer = useIssuerAgreements(Boolean(apply.orderId) || plateStep.consentAhead !== undefined)

  const acceptedBefore = (agreement: SupplierProtocolResponse) =>
    apply.issuerAgreements.some((earlier) => earlier.issuerId === agreement.issuerId && earlier.version === agreement.version)
  const ticked = (agreement: SupplierProtocolResponse) => issuerTicks[agreement.issuerId] ?? acceptedBefore(agreement)
  const agreements = issuer.status === 'ready' ? issuer.agreements : []
  const ready = documents.etc && documents.privacy && issuer.status === 'ready' && agreements.every(ticked)

  return {
    documents,
    issuer,
    agreements,
    ready,
    ticked,
    toggleDocument: (key) => setDocuments((current) => ({ ...current, [key]: !current[key] })),
    toggleIssuer: (agreement) => setIssuerTicks((current) => ({ ...current, [agreement.issuerId]: !ticked(agreement) })),
    // Ticks every agreement shown, or clears them all when all are ticked (the issuers' only once loaded).
    toggleAll: () => {
      const all = !ready
      setDocuments({ etc: all, privacy: all })
      setIssuerTicks(Object.fromEntries(agreements.map((agreement) => [agreement.issuerId, all])))
    },
  }
}
