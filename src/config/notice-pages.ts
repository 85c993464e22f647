/**
 * Wording of the notice pages that is not a rule: the upgrade notice's text when the remote
 * configuration has none for its route (/pages/notice/upgrade).
 */
export const UPGRADE_NOTICE_DEFAULT = {
  noticeTitle: 'ETC服务升级公告',
  noticeContent:
    'ETC线上办理服务已升级。您名下仍在办理中的车辆可在下方选择后继续办理，已提交的资料无需重新填写；新车辆请点击“办理新车辆”开始申请。',
} as const
