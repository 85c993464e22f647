import { Text, View } from '@tarojs/components'
import type { GoodsLine } from '../../../components/commodity-view/commodity-view'

/** 套餐内容: what the package holds, line by line; without lines its description is what counts. */
export function PackageGoods({ goods }: { goods: readonly GoodsLine[] }) {
  return (
    <View className='select-detail__card' data-testid='package-detail-goods'>
      <Text className='select-detail__subtitle'>套餐内容</Text>
      {goods.length > 0 ? (
        goods.map((line) => (
          <View key={line.key} className='select-detail__goods' data-testid='package-detail-goods-item'>
            <View className='select-detail__goods-main'>
              <Text className='select-detail__goods-name'>{line.name}</Text>
              <Text className='select-detail__goods-count'>×{line.count}</Text>
            </View>
            {line.description ? <Text className='select-detail__goods-description'>{line.description}</Text> : null}
          </View>
        ))
      ) : (
        <Text className='select-detail__text'>以套餐说明为准</Text>
      )}
    </View>
  )
}
