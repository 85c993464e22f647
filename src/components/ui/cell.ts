import '@nutui/nutui-react-taro/dist/es/packages/cell/style/css'
import '@nutui/nutui-react-taro/dist/es/packages/cellgroup/style/css'

export { default as Cell } from '@nutui/nutui-react-taro/dist/es/packages/cell'
export { default as CellGroup } from '@nutui/nutui-react-taro/dist/es/packages/cellgroup'
