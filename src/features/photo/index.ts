/**
 * Taking a certificate photo: how to take it and the camera or album (with the one-time consent),
 * then the preview and the upload into the application. Pages and other features import from
 * here only.
 */
export { ConfirmSelectScreen } from './confirm-select/ConfirmSelectScreen'
export { SelectImageScreen } from './select-image/SelectImageScreen'
