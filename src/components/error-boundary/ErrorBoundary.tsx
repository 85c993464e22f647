import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'
import { useAppServices } from '../app-services/app-services'
import { StatusView } from '../status-view/StatusView'

interface State {
  failed: boolean
}

/** Shows an error view with a reload action instead of a blank screen when a page throws. */
export class ErrorBoundary extends Component<{ children?: ReactNode }, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept visible to the host's console and crash reporting; the user sees the error view.
    console.error('Page render failed', error, info.componentStack)
  }

  override render() {
    return this.state.failed ? <PageCrashView /> : this.props.children
  }
}

function PageCrashView() {
  const { navigator } = useAppServices()
  return (
    <StatusView
      role='alert'
      testId='page-crash'
      title='页面出错了'
      description='请重新加载页面，如仍有问题请联系客服。'
      actionText='重新加载'
      onAction={() => void navigator.reload()}
    />
  )
}
