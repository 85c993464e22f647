import { WebView } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useAppServices } from '../../../components/app-services/app-services'
import { PageShell } from '../../../components/page-shell/PageShell'
import { StatusView } from '../../../components/status-view/StatusView'
import { parseExternalUrl } from '../../../domain/external-url'
import { navigateFromTap } from '../../../platform/navigator'

function CannotOpen({ reason }: { reason: string }) {
  const { navigator } = useAppServices()
  return (
    <StatusView role='alert' testId='webview-error' title='无法打开页面' description={reason} actionText='返回' onAction={() => navigateFromTap(navigator.back())} />
  )
}

/** Embeds the page named by the URL-encoded `src` parameter. */
export default function WebviewPage() {
  const target = parseExternalUrl(Taro.getCurrentInstance().router?.params.src)
  if (target.ok) return <WebView src={target.url} />
  return (
    <PageShell route='webview'>
      <CannotOpen reason={target.reason} />
    </PageShell>
  )
}
