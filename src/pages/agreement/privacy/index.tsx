import { LegalDocumentView } from '../../../components/legal-document/LegalDocumentView'
import { PageShell } from '../../../components/page-shell/PageShell'
import { PRIVACY_AUTHORIZATION } from '../../../config/agreements/privacy-authorization'

export default function AgreementPrivacyPage() {
  return (
    <PageShell route='agreementPrivacy'>
      <LegalDocumentView document={PRIVACY_AUTHORIZATION} />
    </PageShell>
  )
}
