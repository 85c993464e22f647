// NutUI components are imported one package at a time (with their own styles) so a page only
// ships the components it uses.
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css'

export { default as Button } from '@nutui/nutui-react-taro/dist/es/packages/button'
