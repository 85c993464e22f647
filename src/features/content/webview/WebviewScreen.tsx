import { WebView } from '@tarojs/components'
import { PageShell } from '../../../components/page-shell/PageShell'
import { useAppServices } from '../../../components/app-services/app-services'
import { StatusView } from '../../../components/status-view/StatusView'
import { parseExternalUrl } from '../../../domain/external-url'
import { navigateFromTap } from '../../../platform/navigator'

function CannotOpen({ reason }: { reason: string }) {
  const { navigator } = useAppServices()
  return (
    <StatusView role='alert' testId='webview-error' title='无法打开页面' description={reason} actionText='返回' onAction={() => navigateFromTap(navigator.back())} />
  )
}

/**
 * Embeds the page `src` names, when it is an address the app may open; otherwise says why, in the
 * page frame. The embedded page is the whole page: the host draws it, no frame of the app's.
 */
export function WebviewScreen({ src }: { src: string | undefined }) {
  const target = parseExternalUrl(src)
  if (target.ok) return <WebView src={target.url} />
  return (
    <PageShell route='webview'>
      <CannotOpen reason={target.reason} />
    </PageShell>
  )
}
