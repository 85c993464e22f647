import { LegalDocumentView } from '../../../components/legal-document/LegalDocumentView'
import { PageShell } from '../../../components/page-shell/PageShell'
import { ETC_SERVICE_AGREEMENT } from '../../../config/agreements/etc-service-agreement'

export default function AgreementEtcPage() {
  return (
    <PageShell route='agreementEtc'>
      <LegalDocumentView document={ETC_SERVICE_AGREEMENT} />
    </PageShell>
  )
}
