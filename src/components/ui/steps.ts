import '@nutui/nutui-react-taro/dist/es/packages/steps/style/css'

export { default as Steps } from '@nutui/nutui-react-taro/dist/es/packages/steps'
export { default as Step } from '@nutui/nutui-react-taro/dist/es/packages/step'
