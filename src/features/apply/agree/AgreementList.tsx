import { useAppServices } from '../../../components/app-services/app-services'
import { CheckBox } from '../../../components/form-field/CheckBox'
import { ConsentCheck } from '../../../components/form-field/ConsentCheck'
import { ROUTES } from '../../../config/routes'
import { navigateFromTap } from '../../../platform/navigator'
import { DOCUMENTS } from './agree-documents'
import { IssuerAgreementList } from './IssuerAgreementList'
import type { AgreeConsents } from './use-agree-consents'

/** Every agreement of the consent step with its tick: the product's, the issuers', then one tick for all once the issuers' are loaded. */
export function AgreementList({ consent }: { consent: AgreeConsents }) {
  const { navigator } = useAppServices()
  const { documents, issuer, agreements, ready } = consent
  return (
    <>
      {DOCUMENTS.map((agreement) => (
        <ConsentCheck
          key={agreement.key}
          testId={agreement.testId}
          checked={documents[agreement.key]}
          onToggle={() => consent.toggleDocument(agreement.key)}
          documentTitle={ROUTES[agreement.route].title}
          onOpenDocument={() => navigateFromTap(navigator.open(agreement.route))}
        />
      ))}
      <IssuerAgreementList state={issuer} ticked={consent.ticked} onToggle={consent.toggleIssuer} />
      {issuer.status === 'ready' ? (
        <CheckBox
          className='agree__all'
          checked={ready}
          onToggle={consent.toggleAll}
          label={`全部同意（${DOCUMENTS.length + agreements.length}份协议）`}
          text={`我已阅读并同意以上全部${DOCUMENTS.length + agreements.length}份协议`}
          testId='agree-all'
        />
      ) : null}
    </>
  )
}
