import { routePage } from '../../../components/page-shell/route-page'
import { PRIVACY_AUTHORIZATION } from '../../../config/agreements/privacy-authorization'
import { LegalDocumentView } from '../../../features/content'

/** ETC个人信息授权书. */
export default routePage('agreementPrivacy', [], () => <LegalDocumentView document={PRIVACY_AUTHORIZATION} />)
