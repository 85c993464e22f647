import { Text } from '@tarojs/components'
import type { PriceTier } from '../../../domain/money'
import './commodity-card.scss'

/** The package's tier: 基础版, VIP版 or 老用户专享. */
export function TierBadge({ tier, label, testId }: { tier: PriceTier; label: string; testId?: string }) {
  return (
    <Text className={`tier-badge tier-badge--${tier}`} data-testid={testId} data-tier={tier}>
      {label}
    </Text>
  )
}
