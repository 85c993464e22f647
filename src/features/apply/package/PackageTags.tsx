import { Text, View } from '@tarojs/components'
import type { CommodityView } from '../../../components/commodity-view/commodity-view'

/** A package's selling points: its tags, then its highlight line; styled by the block they sit in. */
export function PackageTags({ view, block }: { view: CommodityView; block: 'commodity-card' | 'select-detail' }) {
  return (
    <>
      {view.tags.length > 0 ? (
        <View className={`${block}__tags`}>
          {view.tags.map((tag) => (
            <Text key={tag} className={`${block}__tag`}>
              {tag}
            </Text>
          ))}
        </View>
      ) : null}
      {view.highlight ? <Text className={`${block}__highlight`}>{view.highlight}</Text> : null}
    </>
  )
}
