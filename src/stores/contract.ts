/**
 * The contract's types as the stores' API interfaces name them: a call's request and answer are
 * its endpoint's in types/api/paths.ts, so a store's interface cannot drift from the contract.
 */
import type { API, RequestOf, ResponseOf } from '../../types/api/paths'

type Endpoints = typeof API

/** The data a call of the endpoint sends. */
export type RequestTo<K extends keyof Endpoints> = RequestOf<Endpoints[K]>

/** The endpoint's answer (the envelope's data), as an API function resolves it. */
export type AnswerOf<K extends keyof Endpoints> = Promise<ResponseOf<Endpoints[K]>>
