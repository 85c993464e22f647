import type { PropsWithChildren } from 'react'
import { ErrorBoundary } from './components/error-boundary/ErrorBoundary'
import { installPageLoadWatch } from './platform/h5/install-page-load-watch'
import './app.scss'

// Registered before the router starts so the first page's load is watched too.
if (process.env.TARO_ENV === 'h5') installPageLoadWatch()

function App({ children }: PropsWithChildren) {
  return <ErrorBoundary>{children}</ErrorBoundary>
}

export default App
