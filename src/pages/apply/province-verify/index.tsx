import { routePage } from '../../../components/page-shell/route-page'
import { ProvinceVerifyScreen } from '../../../features/apply'

/** 发行方短信验证: a province plate's order [orderId] passes its issuer's SMS login before the final commit. */
export default routePage('provinceVerify', ['orderId'], ({ orderId }) => <ProvinceVerifyScreen orderId={orderId} />)
