/**
 * Where an on-site pick-up (DELIVERY_METHOD.ON_SITE) collects its device: one service branch per
 * issuer. The specification names no branches, so these are documented placeholders
 * (server/README.md, "Pick-up branches"), to be replaced by each issuer's real outlets; every
 * issuer of the demo catalogue has one, and an issuer without one shows the hotline instead.
 */
import { HOTLINE } from '../../src/domain/constants'

export interface PickupBranch {
  branchName: string
  address: string
  hours: string
}

const WEEKDAYS = '周一至周五 9:00-17:00'

export const PLACEHOLDER_PICKUP_BRANCHES: Readonly<Record<number, PickupBranch>> = {
  1: { branchName: '广西ETC服务网点（示例）', address: '广西壮族自治区南宁市青秀区民族大道示例路1号', hours: WEEKDAYS },
  3: { branchName: '北京ETC服务网点（示例）', address: '北京市朝阳区建国路示例街8号', hours: WEEKDAYS },
  4: { branchName: '湖南ETC服务网点（示例）', address: '湖南省长沙市岳麓区麓山南路示例路3号', hours: WEEKDAYS },
  5: { branchName: '福建ETC服务网点（示例）', address: '福建省福州市鼓楼区五四路示例路9号', hours: WEEKDAYS },
  7: { branchName: '江苏ETC服务网点（示例）', address: '江苏省南京市鼓楼区中山北路示例路6号', hours: WEEKDAYS },
}

/** The branch an issuer's on-site pick-ups go to; unknown issuers are told to call. */
export function pickupBranch(issuerId: number): PickupBranch {
  return PLACEHOLDER_PICKUP_BRANCHES[issuerId] ?? { branchName: '发行方服务网点', address: `请致电客服${HOTLINE}确认领取网点`, hours: WEEKDAYS }
}
