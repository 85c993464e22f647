import { Cell, CellGroup } from '../../../components/ui/cell'
import { currentChannel } from '../../../config/channel'
import { ROUTE_NAMES } from '../../../config/routes'
import { APP_VERSION, APP_VERSION_CODE } from '../../../domain/constants'

/** Read-only diagnostics: safe to ship, it shows build facts and nothing secret. */
export function Diagnostics() {
  const channel = currentChannel()
  const rows: [string, string][] = [
    ['构建目标', process.env.TARO_ENV],
    ['渠道', `${channel.label}（${channel.key}）`],
    ['应用版本', APP_VERSION],
    ['版本号', String(APP_VERSION_CODE)],
    ['页面数量', String(ROUTE_NAMES.length)],
  ]
  return (
    <CellGroup title='诊断信息' data-testid='diagnostics'>
      {rows.map(([title, value]) => (
        <Cell key={title} title={title} extra={value} />
      ))}
    </CellGroup>
  )
}
