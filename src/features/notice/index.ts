/**
 * The notice pages: the map channel's list of the remote configuration's notices, and the
 * upgrade notice with the person's plates under way to continue. (Every page's own notices are
 * the page shell's: src/components/notices.) Pages import from here only.
 */
export { GaodeNoticeScreen } from './gaode-notice/GaodeNoticeScreen'
export { UpgradeNoticeScreen } from './upgrade/UpgradeNoticeScreen'
