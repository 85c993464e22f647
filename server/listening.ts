/**
 * The line `npm start` and `npm run server` print once every process listens, with the address
 * to open; the benchmark and the cluster test, which start the server as a process, read it back.
 */
export function announceListening(url: string): void {
  console.log(`ETC apply app (H5 and API) is running at ${url}/`)
}

export const LISTENING_LINE = /running at (http:\/\/\S+?)\/?\s*$/m
