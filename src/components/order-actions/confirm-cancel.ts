import Taro from '@tarojs/taro'

/** Asks before an order is cancelled; a modal that cannot open counts as "no". */
export async function confirmCancel(title: string, content: string): Promise<boolean> {
  const answer = await Taro.showModal({ title, content, confirmText: '确认取消', cancelText: '再想想' }).catch(() => ({ confirm: false }))
  return answer.confirm
}
