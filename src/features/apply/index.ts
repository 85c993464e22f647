/**
 * The apply journey after the plate: the agreements, the information form with its photos, and
 * the package choice that submits the application. Pages and other features import from here only.
 */
export { AgreeScreen } from './agree/AgreeScreen'
export { SelectDetailScreen } from './package/SelectDetailScreen'
export { SelectLandScreen } from './package/SelectLandScreen'
export { UpinfoScreen } from './upinfo/UpinfoScreen'
export { ProvinceVerifyScreen } from './province/ProvinceVerifyScreen'
