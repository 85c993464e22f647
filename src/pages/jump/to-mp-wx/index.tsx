import { routePage } from '../../../components/page-shell/route-page'
import { ToMpWxScreen } from '../../../features/handover'

/** 跳转中: opens a WeChat mini-program's page [appId, path, query, env_version]. */
export default routePage('toMpWx', ['appId', 'path', 'query', 'env_version'], ({ appId, path, query, env_version }) => (
  <ToMpWxScreen appId={appId} path={path} query={query} envVersion={env_version} />
))
