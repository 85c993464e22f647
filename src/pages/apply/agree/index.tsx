import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useAppServices } from '../../../components/app-services/app-services'
import { ConsentCheck } from '../../../components/form-field/ConsentCheck'
import { PageShell } from '../../../components/page-shell/PageShell'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { StatusView } from '../../../components/status-view/StatusView'
import { Button } from '../../../components/ui/button'
import { ROUTES } from '../../../config/routes'
import { useStores } from '../../../stores/store-context'
import './index.scss'
import { navigateFromTap } from '../../../platform/navigator'

const PAGE = trackedPage('agree')
const ETC_TITLE = ROUTES.agreementEtc.title
const PRIVACY_TITLE = ROUTES.agreementPrivacy.title

/** The consent step: both agreements are accepted before any personal data or photo is sent. */
const AgreeBody = observer(function AgreeBody() {
  const { apply } = useStores()
  const { navigator, tracker } = useAppServices()
  const accepted = Boolean(apply.agreementsAcceptedAt)
  const [etc, setEtc] = useState(accepted)
  const [privacy, setPrivacy] = useState(accepted)
  const hasOrder = Boolean(apply.orderId)

  useEffect(() => {
    if (!hasOrder) navigateFromTap(navigator.replace('plateEntry'))
  }, [hasOrder, navigator])

  if (!hasOrder) {
    return (
      <StatusView
        testId='agree-no-order'
        title='请先填写车牌号'
        description='正在返回车牌填写页…'
        actionText='去填写车牌号'
        onAction={() => navigateFromTap(navigator.replace('plateEntry'))}
      />
    )
  }

  const ready = etc && privacy
  const onContinue = () => {
    if (!ready) return
    tracker.click(PAGE, 'agree-continue')
    apply.acceptAgreements()
    navigateFromTap(navigator.replace('upinfo'))
  }

  return (
    <View className='agree'>
      <View className='agree__card'>
        <Text className='agree__title'>办理前请阅读并同意以下协议</Text>
        <Text className='agree__plate' data-testid='agree-plate'>
          申办车辆：{apply.plateNumber}
        </Text>
        <Text className='agree__text'>
          为给您办理ETC，我们需要收集您的姓名、身份证号、手机号、车辆信息以及身份证、行驶证和车头照片，仅用于ETC申办、发行方审核和设备寄送。请您仔细阅读以下协议，勾选同意后继续。
        </Text>
        <ConsentCheck
          testId='agree-etc'
          checked={etc}
          onToggle={() => setEtc((value) => !value)}
          documentTitle={ETC_TITLE}
          onOpenDocument={() => navigateFromTap(navigator.open('agreementEtc'))}
        />
        <ConsentCheck
          testId='agree-privacy'
          checked={privacy}
          onToggle={() => setPrivacy((value) => !value)}
          documentTitle={PRIVACY_TITLE}
          onOpenDocument={() => navigateFromTap(navigator.open('agreementPrivacy'))}
        />
      </View>
      {ready ? null : (
        <View className='agree__hint' role='status' data-testid='agree-hint'>
          请勾选同意以上两份协议后继续
        </View>
      )}
      <Button
        block
        type='primary'
        className='agree__submit'
        disabled={!ready}
        aria-label='同意并继续'
        aria-disabled={!ready}
        data-testid='agree-submit'
        onClick={onContinue}
      >
        同意并继续
      </Button>
    </View>
  )
})

export default function AgreePage() {
  return (
    <PageShell route='agree'>
      <AgreeBody />
    </PageShell>
  )
}
