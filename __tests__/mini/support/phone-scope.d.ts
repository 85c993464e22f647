/** Types of phone-scope.js (a jest transform, so plain CommonJS). */
export declare const PHONE_ABSENT: readonly string[]
export declare function installPhoneGlobal(): typeof globalThis
export declare function wrapForPhone(source: string): string
