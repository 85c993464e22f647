import { pageConfig } from '../../../config/app-config'

// Pull down to ask for the order again (the mini-programs and H5 alike).
export default definePageConfig({ ...pageConfig('orderJh'), enablePullDownRefresh: true })
