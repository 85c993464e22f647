import Taro from '@tarojs/taro'
import { WebviewScreen } from '../../../features/content'

/** Embeds the page named by the URL-encoded `src` parameter. */
export default function WebviewPage() {
  return <WebviewScreen src={Taro.getCurrentInstance().router?.params.src} />
}
