import { routePage } from '../../../components/page-shell/route-page'
import { ToAlipaysScreen } from '../../../features/handover'

/** 跳转中: opens a payment-app mini-program's page [appId, page, query]. */
export default routePage('toAlipays', ['appId', 'page', 'query'], ({ appId, page, query }) => <ToAlipaysScreen appId={appId} page={page} query={query} />)
