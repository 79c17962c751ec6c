export function gzipAvailable(): boolean {
  return typeof CompressionStream === 'function' && typeof Blob === 'function' && typeof Response === 'function';
}

/** The browser's native gzip runs off the main thread; only the JSON join happens on it. */
export async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
