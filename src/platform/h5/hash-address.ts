/** A hash address without its '#' and query: the route the hash router opens. */
export const addressOf = (hash: string): string => hash.replace(/^#/, '').split('?')[0] ?? ''

/** A hash address's query, with its '?' ('' when it has none). */
export const queryOf = (hash: string): string => (hash.includes('?') ? hash.slice(hash.indexOf('?')) : '')
