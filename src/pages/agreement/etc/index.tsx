import { routePage } from '../../../components/page-shell/route-page'
import { ETC_SERVICE_AGREEMENT } from '../../../config/agreements/etc-service-agreement'
import { LegalDocumentView } from '../../../features/content'

/** ETC用户服务协议. */
export default routePage('agreementEtc', [], () => <LegalDocumentView document={ETC_SERVICE_AGREEMENT} />)
