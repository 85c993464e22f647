import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import type { SupplierProtocolResponse } from '../../../../types/api/catalogue'
import { ConsentCheck } from '../../../components/form-field/ConsentCheck'
import { Pressable } from '../../../components/pressable/Pressable'
import type { IssuerAgreementsState } from './use-issuer-agreements'

interface IssuerAgreementListProps {
  state: IssuerAgreementsState
  ticked: (agreement: SupplierProtocolResponse) => boolean
  onToggle: (agreement: SupplierProtocolResponse) => void
}

/** The issuers' agreements: each ticked like the others, its text opened in place (it has no page of its own). */
export function IssuerAgreementList({ state, ticked, onToggle }: IssuerAgreementListProps) {
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
