// @tarojs/test-utils-react 0.1.1 renders through react-dom/test-utils' act, which React 18.3
// deprecates with a console.error on every mount. That one upstream warning is dropped; every
// other console.error still prints.
const original = console.error
console.error = (...args) => {
  if (typeof args[0] === 'string' && args[0].includes('ReactDOMTestUtils.act')) return
  original(...args)
}
