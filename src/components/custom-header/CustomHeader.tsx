import { View } from '@tarojs/components'
import { Icon } from '../icon/Icon'
import { NavBar } from '../ui/navbar'
import { routeTitle } from '../../config/routes'
import type { RouteName } from '../../config/routes'
import { customHeaderInsets } from '../../platform/custom-header-insets'
import { useAppServices } from '../app-services/app-services'
import { keyboardButtonProps } from '../pressable/activation-keys'
import './custom-header.scss'

/** The header drawn by pages whose route table entry has `customHeader` (navigationStyle custom). */
export function CustomHeader({ route }: { route: RouteName }) {
  const { navigator } = useAppServices()
  const insets = customHeaderInsets()
  const back = () => void navigator.back()
  return (
    <View className='custom-header' data-testid='custom-header' style={{ paddingTop: `${insets.top}px` }}>
      <NavBar
        style={{ height: `${insets.height}px` }}
        back={
          // NavBar handles the tap (onBackClick); the keys are handled here, where the focus is.
          <View role='button' aria-label='返回' className='custom-header__back' {...keyboardButtonProps(back)}>
            <Icon name='arrow-left' />
          </View>
        }
        onBackClick={back}
        safeAreaInsetTop={process.env.TARO_ENV === 'h5'}
        fixed={false}
        title={
          <View role='heading' aria-level={1}>
            {routeTitle(route)}
          </View>
        }
      />
    </View>
  )
}
