/**
 * What the app shows to be read: the legal documents (agreements), the automatic-payment guide,
 * and outside pages embedded in a web view. The texts themselves live in src/config. Pages and
 * other features import from here only.
 */
export { LongPayGuide } from './guide/LongPayGuide'
export { LegalDocumentView } from './legal/LegalDocumentView'
export { WebviewScreen } from './webview/WebviewScreen'
