import { pageConfig } from '../../../config/app-config'

export default definePageConfig(pageConfig('provinceVerify'))
