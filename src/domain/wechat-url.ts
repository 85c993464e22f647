/** WeChat signs a page's address for its JS-SDK without the `#` fragment (the server signs, the page asks). */
export function signableUrl(url: string): string {
  const hash = url.indexOf('#')
  return hash === -1 ? url : url.slice(0, hash)
}
