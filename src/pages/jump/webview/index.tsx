import { WebView } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useAppServices } from '../../../components/app-services/app-services'
import { PageShell, withServices } from '../../../components/page-shell/PageShell'
import { StatusView } from '../../../components/status-view/StatusView'
import { parseExternalUrl } from '../../../domain/external-url'

/** Embeds the page named by the URL-encoded `src` parameter. */
function WebviewPage() {
  const { navigator } = useAppServices()
  const target = parseExternalUrl(Taro.getCurrentInstance().router?.params.src)
  if (target.ok) return <WebView src={target.url} />
  return (
    <PageShell route='webview'>
      <StatusView
        role='alert'
        testId='webview-error'
        title='无法打开页面'
        description={target.reason}
        actionText='返回'
        onAction={() => void navigator.back()}
      />
    </PageShell>
  )
}

export default withServices('webview', WebviewPage)
