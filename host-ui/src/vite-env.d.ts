/// <reference types="vite/client" />

/** The product version (root package.json), injected by Vite's `define`. */
declare const __APP_VERSION__: string;
