import { pageConfig } from '../../../config/app-config'

// Pull down to refresh the list (the mini-programs and H5 alike).
export default definePageConfig({ ...pageConfig('orderList'), enablePullDownRefresh: true })
