import '@nutui/nutui-react-taro/dist/es/packages/navbar/style/css'

export { default as NavBar } from '@nutui/nutui-react-taro/dist/es/packages/navbar'
