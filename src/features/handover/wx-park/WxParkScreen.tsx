import { Text, View } from '@tarojs/components'
import { ALIPAY_ETC_APP } from '../../../config/handover'
import { navigateFromTap } from '../../../platform/navigator'
import { useAppServices } from '../../../components/app-services/app-services'
import { BenefitList } from '../../../components/benefit-list/BenefitList'
import { Heading } from '../../../components/heading/Heading'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { Button } from '../../../components/ui/button'
import './wx-park.scss'

export const WX_PARK_BENEFITS = [
  { title: '官方渠道', text: '支付宝ETC官方小程序办理，设备由发行方直接寄送。' },
  { title: '先通行后付费', text: '绑定支付宝免密支付，通行费自动扣缴，无需预存。' },
  { title: '全程线上', text: '上传证件、领取设备、激活指引都在小程序内完成。' },
] as const

/**
 * /pages/promotion/wxPark: the payment app's official ETC application, and the way there: the
 * hand-over page opens its mini-program (its app id and page: src/config/handover.ts).
 */
export function WxParkScreen() {
  const { navigator, tracker } = useAppServices()
  const go = () => {
    tracker.click(trackedPage('wxPark'), 'alipayEtc')
    navigateFromTap(navigator.open('toAlipays', { appId: ALIPAY_ETC_APP.appId, page: ALIPAY_ETC_APP.page }))
  }
  return (
    <View className='wx-park'>
      <View className='wx-park__hero'>
        <Heading level={1} className='wx-park__title'>
          支付宝ETC 官方办理
        </Heading>
        <Text className='wx-park__subtitle'>在支付宝里申办ETC，高速通行自动扣费</Text>
      </View>
      <View className='wx-park__card'>
        <Heading level={2} className='wx-park__section-title'>
          为什么选择支付宝ETC
        </Heading>
        <BenefitList items={WX_PARK_BENEFITS} label='支付宝ETC的好处' />
      </View>
      <Text className='wx-park__note'>点击下方按钮将打开支付宝，请确认手机已安装支付宝。</Text>
      <Button block type='primary' className='wx-park__cta' onClick={go} aria-label='前往支付宝ETC办理' data-testid='wx-park-go'>
        前往支付宝ETC办理
      </Button>
    </View>
  )
}
