import { appConfig } from './config/app-config'

export default defineAppConfig(appConfig())
