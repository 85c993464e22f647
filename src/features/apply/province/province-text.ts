/** The province step's words. */
export const PROVINCE_TEXT = {
  sendFailed: '验证码发送失败，请稍后重试',
  verifyFailed: '验证失败，请稍后重试',
  openFailed: '暂时无法确认发行方验证状态，请重试',
  codeSent: '验证码已发送，请查收短信',
  closed: '发行方暂未开通短信验证，正在提交申请…',
  incomplete: '申请资料尚未完整',
  complete: '去补充资料',
} as const
