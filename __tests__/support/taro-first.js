// Requiring @tarojs/taro before @tarojs/test-utils-react avoids the circular import between
// @tarojs/router and @tarojs/components ("Cannot read properties of undefined (reading 'history')").
require('@tarojs/taro')
