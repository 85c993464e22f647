import { Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import type { SupplierProtocolResponse } from '../../../../types/api/catalogue'
import { useAppServices } from '../../../components/app-services/app-services'
import { CheckBox } from '../../../components/form-field/CheckBox'
import { ConsentCheck } from '../../../components/form-field/ConsentCheck'
import { trackedPage } from '../../../components/page-shell/use-page-tracking'
import { usePageVisible } from '../../../components/page-shell/use-page-visible'
import { Pressable } from '../../../components/pressable/Pressable'
import { Button } from '../../../components/ui/button'
import { ROUTES } from '../../../config/routes'
import { useStores } from '../../../stores/store-context'
import { navigateFromTap } from '../../../platform/navigator'
import { StepRedirect } from '../StepRedirect'
import { useIssuerAgreements } from './use-issuer-agreements'
import type { IssuerAgreementsState } from './use-issuer-agreements'
import './agree.scss'

const PAGE = trackedPage('agree')

/** The documents to accept, in the order shown; each opens its own page. */
const DOCUMENTS = [
  { key: 'etc', route: 'agreementEtc', testId: 'agree-etc' },
  { key: 'privacy', route: 'agreementPrivacy', testId: 'agree-privacy' },
] as const

type Consents = Record<(typeof DOCUMENTS)[number]['key'], boolean>

/** The hint under the card while something is not ticked. */
const hintOf = (documents: number): string => (documents === DOCUMENTS.length ? '请勾选同意以上两份协议后继续' : '请勾选同意以上全部协议后继续')

interface IssuerAgreementListProps {
  state: IssuerAgreementsState
  ticked: (agreement: SupplierProtocolResponse) => boolean
  onToggle: (agreement: SupplierProtocolResponse) => void
}

/** The issuers' agreements: each ticked like the others, its text opened in place (it has no page of its own). */
function IssuerAgreementList({ state, ticked, onToggle }: IssuerAgreementListProps) {
  const [open, setOpen] = useState<number | undefined>(undefined)
  if (state.status === 'loading') {
    return (
      <View className='agree__issuer-status' role='status' aria-busy data-testid='agree-issuer-loading'>
        正在加载发行方服务协议…
      </View>
    )
  }
  if (state.status === 'failed') {
    return (
      <View className='agree__issuer-status' role='alert' data-testid='agree-issuer-error'>
        <Text>{state.message}</Text>
        <Pressable className='agree__retry' label='重新加载发行方服务协议' testId='agree-issuer-retry' onPress={state.retry}>
          重新加载
        </Pressable>
      </View>
    )
  }
  return (
    <>
      {state.agreements.map((agreement) => {
        const testId = `agree-issuer-${agreement.issuerId}`
        return (
          <View key={agreement.issuerId} className='agree__issuer' data-testid={testId} data-version={agreement.version}>
            <ConsentCheck
              testId={testId}
              checked={ticked(agreement)}
              onToggle={() => onToggle(agreement)}
              documentTitle={agreement.title}
              onOpenDocument={() => setOpen((current) => (current === agreement.issuerId ? undefined : agreement.issuerId))}
            />
            {open === agreement.issuerId ? (
              <View className='agree__document' role='region' aria-label={agreement.title} data-testid={`${testId}-document`}>
                <Text className='agree__document-text'>{agreement.content}</Text>
                <Text className='agree__document-version'>版本：{agreement.version}</Text>
              </View>
            ) : null}
          </View>
        )
      })}
    </>
  )
}

/**
 * The consent step: the two product agreements and the issuers' own are accepted before any
 * personal data or photo is sent; the issuers' versions go with the next step to the server.
 */
export const AgreeScreen = observer(function AgreeScreen() {
  const { apply } = useStores()
  const { navigator, tracker } = useAppServices()
  const accepted = Boolean(apply.agreementsAcceptedAt)
  const [consents, setConsents] = useState<Consents>({ etc: accepted, privacy: accepted })
  // Ticks given on this visit; an agreement accepted before (the same version) starts ticked.
  const [issuerTicks, setIssuerTicks] = useState<Readonly<Record<number, boolean>>>({})
  // Opened ahead of the plate checks (PlateEntryForm), the page shows before their order exists.
  const issuer = useIssuerAgreements(Boolean(apply.orderId) || apply.consentAhead !== undefined)
  // 同意并继续 tapped before the checks opened the order: it goes on once they have.
  const [waiting, setWaiting] = useState(false)

  const acceptedBefore = (agreement: SupplierProtocolResponse) =>
    apply.issuerAgreements.some((earlier) => earlier.issuerId === agreement.issuerId && earlier.version === agreement.version)
  const ticked = (agreement: SupplierProtocolResponse) => issuerTicks[agreement.issuerId] ?? acceptedBefore(agreement)
  const agreements = issuer.status === 'ready' ? issuer.agreements : []
  const ready = consents.etc && consents.privacy && issuer.status === 'ready' && agreements.every(ticked)
  const proceed = () => {
    apply.acceptAgreements(agreements.map((agreement) => ({ issuerId: agreement.issuerId, version: agreement.version })))
    navigateFromTap(navigator.replace('upinfo'))
  }
  // The latest ticks, for the tap that waits for the order.
  const latestProceed = useRef(proceed)
  latestProceed.current = proceed
  const orderOpened = Boolean(apply.orderId)
  useEffect(() => {
    if (!waiting || !orderOpened) return
    setWaiting(false)
    latestProceed.current()
  }, [waiting, orderOpened])

  // Opened ahead, the page gives way once the checks opened no order: when it is on screen (a
  // document opened from it is left first), and not when the person has left it (back, unmounted).
  const visible = usePageVisible()
  const ahead = apply.consentAhead
  useEffect(() => {
    if (!visible || !ahead?.settled) return
    apply.endConsentAhead()
    navigateFromTap(ahead.leadsTo ? navigator.replace(ahead.leadsTo.route, ahead.leadsTo.query) : navigator.back())
  }, [visible, ahead, apply, navigator])
  useEffect(() => () => apply.endConsentAhead(), [apply])

  if (!apply.orderId && !ahead) {
    return <StepRedirect to='plateEntry' testId='agree-no-order' title='请先填写车牌号' description='正在返回车牌填写页…' actionText='去填写车牌号' />
  }

  // Ticks every agreement shown, or clears them all when all are ticked (the issuers' only once loaded).
  const toggleAll = () => {
    const all = !ready
    setConsents({ etc: all, privacy: all })
    setIssuerTicks(Object.fromEntries(agreements.map((agreement) => [agreement.issuerId, all])))
  }
  const onContinue = () => {
    if (!ready || waiting) return
    tracker.click(PAGE, 'agree-continue')
    if (apply.orderId) proceed()
    else setWaiting(true)
  }

  return (
    <View className='agree'>
      {apply.consentNotice ? (
        <View className='agree__notice' role='alert' data-testid='agree-notice'>
          {apply.consentNotice}
        </View>
      ) : null}
      <View className='agree__card'>
        <Text className='agree__title'>办理前请阅读并同意以下协议</Text>
        <Text className='agree__plate' data-testid='agree-plate'>
          申办车辆：{apply.plateNumber}
        </Text>
        <Text className='agree__text'>
          为给您办理ETC，我们需要收集您的姓名、身份证号、手机号、车辆信息以及身份证、行驶证和车头照片，仅用于ETC申办、发行方审核和设备寄送。请您仔细阅读以下协议，勾选同意后继续。
        </Text>
        {DOCUMENTS.map((agreement) => (
          <ConsentCheck
            key={agreement.key}
            testId={agreement.testId}
            checked={consents[agreement.key]}
            onToggle={() => setConsents((current) => ({ ...current, [agreement.key]: !current[agreement.key] }))}
            documentTitle={ROUTES[agreement.route].title}
            onOpenDocument={() => navigateFromTap(navigator.open(agreement.route))}
          />
        ))}
        <IssuerAgreementList
          state={issuer}
          ticked={ticked}
          onToggle={(agreement) => setIssuerTicks((current) => ({ ...current, [agreement.issuerId]: !ticked(agreement) }))}
        />
        {issuer.status === 'ready' ? (
          <CheckBox
            className='agree__all'
            checked={ready}
            onToggle={toggleAll}
            label={`全部同意（${DOCUMENTS.length + agreements.length}份协议）`}
            text={`我已阅读并同意以上全部${DOCUMENTS.length + agreements.length}份协议`}
            testId='agree-all'
          />
        ) : null}
      </View>
      {ready ? null : (
        <View className='agree__hint' role='status' data-testid='agree-hint'>
          {hintOf(DOCUMENTS.length + agreements.length)}
        </View>
      )}
      {waiting ? (
        <View className='agree__hint' role='status' aria-busy data-testid='agree-waiting'>
          正在核验车牌，请稍候…
        </View>
      ) : null}
      <Button
        block
        type='primary'
        className='agree__submit'
        loading={waiting}
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
