/** The words of WeChat's privacy notice sheet (components/privacy-sheet), shared with the tests. */
export const PRIVACY_SHEET_TEXT = {
  title: '用户隐私保护提示',
  body: '为办理ETC，本小程序需要使用您的相册、相机和手机号，仅用于本次申办的资料上传和联系。使用前请阅读',
  guide: '《ETC申办隐私保护指引》',
  after: '，同意后可继续操作；拒绝后本次操作不会进行。',
  agree: '同意并继续',
  refuse: '拒绝',
} as const
