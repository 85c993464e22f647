import type { PropsWithChildren } from 'react'
import { installPageLoadWatch } from './platform/h5/install-page-load-watch'
import './app.scss'

// Registered before the router starts so the first page's load is watched too.
if (process.env.TARO_ENV === 'h5') installPageLoadWatch()

function App({ children }: PropsWithChildren) {
  return children
}

export default App
